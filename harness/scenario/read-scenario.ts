/**
 * Reads a scenario file (YAML, JSON, or TypeScript with `defineScenario`) into a checked
 * Scenario, or into every problem found, each at `file:line:col` with a fix where one is known.
 */
import { build } from 'esbuild'
import { readdir, readFile } from 'node:fs/promises'
import { dirname, extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FixtureError, loadFixture, type EmulatorFixture } from '../../src/emulator/index.js'
import { readYaml } from '../../src/node/diagnostics/yaml-source.js'
import { stringify } from 'yaml'
import { closest } from '../../src/shared/closest.js'
import { formatValuePath, ValueReader, type Locator, type SourcePosition, type ValueAt, type ValuePath } from '../../src/shared/read-value.js'
import type { Scenario, ScenarioPage, SiteLoginOverrides, Step, WidgetPageOptions } from './scenario.js'
import { STEP_NAMES, STEPS, type StepName } from './steps.js'
import { readDuration } from './values.js'

export interface ScenarioProblem {
  readonly file: string
  readonly position: SourcePosition | undefined
  readonly message: string
  readonly suggestion: string | undefined
}

export type ReadResult = { readonly scenario: Scenario; readonly problems: readonly [] } | { readonly scenario: undefined; readonly problems: readonly ScenarioProblem[] }

export const SCENARIO_KEYS = ['name', 'tags', 'page', 'widget', 'site_login', 'fixture', 'timeout', 'step_timeout', 'steps'] as const
export const WIDGET_PAGE_KEYS = ['oid', 'tokenStorage', 'analytics', 'anonymousUsers', 'switchTo'] as const
/** Options of LoginForm passed through to the widget, which checks their values itself. */
export const WIDGET_OPTION_KEYS = ['factors', 'text', 'logo', 'storeLastHandle', 'storeLastFactor', 'showBanner', 'defaultCountryCode', 'supportURL', 'alternativeAuthURL', 'theme'] as const

export const PRESETS_DIR = fileURLToPath(new URL('../presets/', import.meta.url))
export const DEFAULT_SCENARIO_TIMEOUT_MS = 20_000
export const DEFAULT_STEP_TIMEOUT_MS = 5_000

export function formatProblem(problem: ScenarioProblem): string {
  const where = problem.position ? `${problem.file}:${problem.position.line}:${problem.position.column}` : problem.file
  return `${where}: ${problem.message}${problem.suggestion ? ` ${problem.suggestion}` : ''}`
}

export async function readScenarioFile(file: string): Promise<ReadResult> {
  let value: unknown
  let locate: Locator = () => undefined
  let sourceOf: (path: ValuePath) => string | undefined = () => undefined
  const extension = extname(file)
  try {
    if (['.ts', '.mts', '.js', '.mjs'].includes(extension)) {
      value = await importScenarioModule(file)
    } else {
      const yaml = readYaml(await readFile(file, 'utf8'))
      if (yaml.problems.length > 0) return { scenario: undefined, problems: yaml.problems.map((problem) => ({ file, position: problem.position, message: problem.message, suggestion: undefined })) }
      ;({ value, locate, sourceOf } = yaml)
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message.split('\n')[0]
    return { scenario: undefined, problems: [{ file, position: undefined, message: `cannot read the scenario: ${reason}`, suggestion: undefined }] }
  }
  return readScenarioValue(value, file, locate, sourceOf)
}

/** TypeScript and JavaScript scenarios: bundled (their own imports included) and imported once. */
async function importScenarioModule(file: string): Promise<unknown> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    plugins: [
      {
        name: 'docsgen-harness',
        setup(builder) {
          // `defineScenario` only gives types; it is the identity at run time.
          builder.onResolve({ filter: /^docsgen\/harness$/ }, () => ({ path: 'harness', namespace: 'docsgen-harness' }))
          builder.onLoad({ filter: /.*/, namespace: 'docsgen-harness' }, () => ({ contents: 'export const defineScenario = (scenario) => scenario', loader: 'js' }))
        },
      },
    ],
  })
  const code = result.outputFiles[0]!.text
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default?: unknown }
  return module.default
}

export async function readScenarioValue(value: unknown, file: string, locate: Locator, sourceOf: (path: ValuePath) => string | undefined): Promise<ReadResult> {
  const reader = new ValueReader(locate)
  const root = reader.root(value)
  const problems = (): ScenarioProblem[] =>
    reader.problems.map((problem) => ({ file, position: problem.position, message: problem.path.length > 0 ? `${formatValuePath(problem.path)}: ${problem.message}` : problem.message, suggestion: problem.suggestion }))
  if (!root.present) root.fail('the file is empty: a scenario needs name, page and steps')
  root.mapping(SCENARIO_KEYS)
  const name = root.get('name').require('a name') ? root.get('name').string() : undefined
  const tags = root.get('tags').present ? (root.get('tags').listOrOne()?.map((tag) => tag.string() ?? '') ?? []) : []
  const page = readPage(root.get('page'), root.get('widget'), root.get('site_login'))
  const steps = root.get('steps').require('a list of steps') ? readSteps(root.get('steps')) : []
  const timeoutMs = root.get('timeout').present ? readDuration(root.get('timeout')) : DEFAULT_SCENARIO_TIMEOUT_MS
  const stepTimeoutMs = root.get('step_timeout').present ? readDuration(root.get('step_timeout')) : DEFAULT_STEP_TIMEOUT_MS
  const fixtureProblems: ScenarioProblem[] = []
  const fixture = await readFixture(root.get('fixture'), file, sourceOf, fixtureProblems)
  const all = [...problems(), ...fixtureProblems]
  if (all.length > 0 || name === undefined || page === undefined || timeoutMs === undefined || stepTimeoutMs === undefined || fixture === undefined) {
    return { scenario: undefined, problems: all.length > 0 ? all : [{ file, position: undefined, message: 'the scenario is incomplete', suggestion: undefined }] }
  }
  return { scenario: { file, position: locate(['name'], 'key'), name, tags, page, fixture: fixture.fixture, fixtureSource: fixture.source, steps, timeoutMs, stepTimeoutMs }, problems: [] }
}

function readPage(at: ValueAt, widget: ValueAt, siteLogin: ValueAt): ScenarioPage | undefined {
  if (!at.require("'widget' (the login widget alone) or a path of the built site such as /docs/Private/notice")) return undefined
  const page = at.string()
  if (page === undefined) return undefined
  if (page === 'widget') {
    if (siteLogin.present) siteLogin.fail("is only for a site page; the widget page takes the widget's options under 'widget'")
    return { kind: 'widget', options: readWidgetOptions(widget) }
  }
  if (widget.present) widget.fail("is only for 'page: widget'; a site page takes its sign-in options from site.config.ts (or site_login)")
  if (!page.startsWith('/') || page.startsWith('//')) return at.fail(`must be 'widget' or a path of the site starting with '/', got '${page}'`, page.trim() === 'widgets' ? "Did you mean 'widget'?" : undefined)
  const login = siteLogin.present ? readSiteLogin(siteLogin) : undefined
  return { kind: 'site', path: page, ...(login ? { login } : {}) }
}

/** `site_login`: the site built once more with these sign-in settings over its own. */
function readSiteLogin(at: ValueAt): SiteLoginOverrides | undefined {
  if (!at.mapping(['forceLogin', 'uxMode', 'privateRedirectPath'])) return undefined
  const forceLogin = at.get('forceLogin').present ? at.get('forceLogin').boolean() : undefined
  const uxMode = at.get('uxMode').present ? at.get('uxMode').oneOf(['redirect', 'modal'] as const) : undefined
  const privateRedirectPath = at.get('privateRedirectPath').present ? at.get('privateRedirectPath').string() : undefined
  return { ...(forceLogin === undefined ? {} : { forceLogin }), ...(uxMode ? { uxMode } : {}), ...(privateRedirectPath === undefined ? {} : { privateRedirectPath }) }
}

function readWidgetOptions(at: ValueAt): WidgetPageOptions {
  const entries = at.mapping([...WIDGET_PAGE_KEYS, ...WIDGET_OPTION_KEYS]) ?? []
  const widget = Object.fromEntries(entries.filter(([key]) => (WIDGET_OPTION_KEYS as readonly string[]).includes(key)).map(([key, value]) => [key, value.value]))
  if (Array.isArray(widget.factors)) {
    // `factors: [otp_via_email, password]` is short for the widget's [{ method: … }] list.
    widget.factors = widget.factors.map((factor) => (typeof factor === 'string' ? { method: factor } : factor))
  }
  return {
    oid: at.get('oid').string() ?? 'org-docs',
    widget,
    tokenStorage: at.get('tokenStorage').present ? (at.get('tokenStorage').oneOf(['memory', 'localStorage', 'cookie'] as const) ?? 'localStorage') : 'localStorage',
    analytics: at.get('analytics').boolean() ?? false,
    anonymousUsers: at.get('anonymousUsers').boolean() ?? false,
    switchTo: at.get('switchTo').string(),
  }
}

function readSteps(at: ValueAt): Step[] {
  const steps: Step[] = []
  for (const item of at.list() ?? []) {
    let name: string | undefined
    let argument: ValueAt
    if (typeof item.value === 'string') {
      name = item.value
      argument = item.get('\0none')
    } else {
      const keys = item.mapping()
      if (!keys) continue
      if (keys.length !== 1) {
        item.fail(`a step is one 'name: value' pair, found ${keys.length === 0 ? 'none' : keys.map(([key]) => key).join(', ')}`, keys.length > 1 ? "Start each step on its own line with '- '." : undefined)
        continue
      }
      ;[name, argument] = keys[0]!
    }
    if (!(STEP_NAMES as string[]).includes(name)) {
      const near = closest(name, STEP_NAMES)
      item.reader.report(typeof item.value === 'string' ? item.path : [...item.path, name], `unknown step '${name}'`, near ? `Did you mean '${near}'?` : 'See harness/README.md for the steps.', 'key')
      continue
    }
    const stepName = name as StepName
    const args = STEPS[stepName].read(argument)
    if (args === undefined) continue
    steps.push({ name: stepName, args, position: item.reader.locate(item.path, 'value'), source: describeStep(stepName, argument.value) } as Step)
  }
  return steps
}

function describeStep(name: string, value: unknown): string {
  if (value === undefined || value === null) return name
  return `${name}: ${typeof value === 'string' ? value : stringify(value, { collectionStyle: 'flow', lineWidth: 0 }).trim()}`
}

interface ReadFixture {
  readonly fixture: EmulatorFixture
  readonly source: string
}

/** A preset name, `{ file: … }`, or an inline fixture checked by the emulator's own fixture reader, at its own lines. */
async function readFixture(at: ValueAt, file: string, sourceOf: (path: ValuePath) => string | undefined, problems: ScenarioProblem[]): Promise<ReadFixture | undefined> {
  const load = (text: string, fileName: string, source: string): ReadFixture | undefined => {
    try {
      return { fixture: loadFixture(text, fileName), source }
    } catch (error) {
      if (!(error instanceof FixtureError)) throw error
      const prefix = error.line !== undefined ? `${error.fileName}:${error.line}:${error.column ?? 1}: ` : `${error.fileName}: `
      problems.push({ file: error.fileName, position: error.line !== undefined ? { line: error.line, column: error.column ?? 1 } : undefined, message: `fixture: ${error.message.slice(prefix.length)}`, suggestion: undefined })
      return undefined
    }
  }
  if (!at.present) return { fixture: {}, source: 'none' }
  if (typeof at.value === 'string') {
    const presets = await listPresets()
    if (!presets.includes(at.value)) {
      const near = closest(at.value, presets)
      return at.fail(`unknown preset '${at.value}'`, near ? `Did you mean '${near}'?` : `Presets: ${presets.join(', ')}; or write { file: path } or the fixture inline.`)
    }
    const presetFile = join(PRESETS_DIR, `${at.value}.yaml`)
    return load(await readFile(presetFile, 'utf8'), presetFile, `preset ${at.value}`)
  }
  const value = at.value as Record<string, unknown>
  if (value && typeof value === 'object' && !Array.isArray(value) && 'file' in value) {
    if (!at.mapping(['file'])) return undefined
    const path = at.get('file').string()
    if (path === undefined) return undefined
    const fixtureFile = resolve(dirname(file), path)
    let text: string
    try {
      text = await readFile(fixtureFile, 'utf8')
    } catch {
      return at.get('file').fail(`cannot read the fixture file '${path}' (looked at ${fixtureFile})`)
    }
    return load(text, fixtureFile, `file ${path}`)
  }
  if (!at.mapping()) return undefined
  return load(sourceOf(at.path) ?? JSON.stringify(at.value), file, 'inline')
}

export async function listPresets(): Promise<string[]> {
  return (await readdir(PRESETS_DIR)).filter((name) => name.endsWith('.yaml')).map((name) => name.slice(0, -'.yaml'.length)).sort()
}
