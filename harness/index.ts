/**
 * `docsgen harness` as an API: read and check scenario files, select (--grep, --shard), prepare
 * the pages (widget bundle, built site), run on N workers with retries and --bail, report (list,
 * JUnit, JSON, artefacts of failures) and end with `N passed, N failed`.
 * Exit codes: 0 all passed, 1 a scenario failed, 2 a bad file, flag or site.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import pc from 'picocolors'
import { formatScenario, summaryLine } from './report/list-reporter.js'
import { junitXML } from './report/junit-reporter.js'
import { writeArtifacts } from './report/write-artifacts.js'
import { AssetsError, prepareAssets } from './runner/prepare-assets.js'
import type { ScenarioResult } from './runner/results.js'
import { expandFiles, selectScenarios, type Shard } from './runner/select-scenarios.js'
import { createRunner } from './runner/worker-pool.js'
import { formatProblem, readScenarioFile } from './scenario/read-scenario.js'
import type { Scenario } from './scenario/scenario.js'

export type ReporterName = 'list' | 'junit' | 'json'
export const REPORTERS: readonly ReporterName[] = ['list', 'junit', 'json']

export interface HarnessOptions {
  /** Scenario files and folders, relative to cwd. */
  readonly paths: readonly string[]
  readonly cwd: string
  readonly workers?: number
  readonly grep?: RegExp
  readonly shard?: Shard
  readonly bail?: boolean
  readonly retries?: number
  readonly list?: boolean
  readonly reporters?: readonly ReporterName[]
  /** Where JUnit, JSON and failure artefacts go (default test-results). */
  readonly outputDir?: string
  /** A built site folder; without it, site pages build the site in siteDir once. */
  readonly site?: string
  /** The private folder of that build, for the gate (default: `.docsgen/private` in siteDir, when it exists). */
  readonly privateDir?: string
  readonly siteDir?: string
  readonly color?: boolean
  readonly write?: (text: string) => void
}

export interface HarnessResult {
  readonly exitCode: 0 | 1 | 2
  readonly results: readonly ScenarioResult[]
}

export async function runHarness(options: HarnessOptions): Promise<HarnessResult> {
  const write = options.write ?? ((text: string) => void process.stdout.write(text))
  const colors = pc.createColors(options.color ?? pc.isColorSupported)
  const reporters = options.reporters ?? ['list']
  const outputDir = resolve(options.cwd, options.outputDir ?? 'test-results')

  const { files, missing } = await expandFiles(options.paths, options.cwd)
  const problems = missing.map((path) => `${path}: no such file or folder`)
  const scenarios: Scenario[] = []
  for (const file of files) {
    const read = await readScenarioFile(resolve(options.cwd, file))
    if (read.scenario) scenarios.push({ ...read.scenario, file })
    else problems.push(...read.problems.map((problem) => formatProblem({ ...problem, file: problem.file === resolve(options.cwd, file) ? file : problem.file })))
  }
  if (problems.length > 0) {
    write(`${problems.map((problem) => `${colors.red('error')} ${problem}`).join('\n')}\n\n${problems.length} problem${problems.length === 1 ? '' : 's'} in scenario files; nothing was run.\n`)
    return { exitCode: 2, results: [] }
  }
  const selected = selectScenarios(scenarios, options.grep, options.shard)
  if (options.list) {
    for (const scenario of selected) write(`${scenario.file}${scenario.position ? `:${scenario.position.line}` : ''}  ${scenario.name}${scenario.tags.length ? colors.dim(`  [${scenario.tags.join(', ')}]`) : ''}\n`)
    write(`${selected.length} scenario${selected.length === 1 ? '' : 's'}\n`)
    return { exitCode: 0, results: [] }
  }
  if (selected.length === 0) {
    write(`No scenario to run${options.grep || options.shard ? ' (none matches --grep/--shard)' : ''}.\n0 passed, 0 failed\n`)
    return { exitCode: options.grep || options.shard ? 0 : 2, results: [] }
  }

  let prepared
  try {
    prepared = await prepareAssets(selected, { site: options.site, privateDir: options.privateDir, siteDir: resolve(options.cwd, options.siteDir ?? '.') })
  } catch (error) {
    if (!(error instanceof AssetsError)) throw error
    write(`${colors.red('error')} ${error.message}\n`)
    return { exitCode: 2, results: [] }
  }
  const runner = createRunner(Math.max(1, Math.min(options.workers ?? 1, selected.length)), prepared.assets)
  const results: Array<ScenarioResult | undefined> = selected.map(() => undefined)
  let printed = 0
  let stop = false
  // Results print in file order whatever order the workers finish in.
  const flush = async () => {
    while (printed < results.length && results[printed]) {
      const result = results[printed++]!
      const artifacts = await writeArtifacts(outputDir, result)
      if (reporters.includes('list')) write(`${formatScenario(result, colors, artifacts && relative(options.cwd, artifacts))}\n`)
    }
  }
  try {
    await Promise.all(
      selected.map(async (scenario, index) => {
        const wanted = () => !stop
        let result = await runner.run(scenario, 1, wanted)
        for (let attempt = 2; result?.status === 'failed' && attempt <= (options.retries ?? 0) + 1; attempt++) result = (await runner.run(scenario, attempt, wanted)) ?? result
        if (result?.status === 'failed' && options.bail) stop = true
        results[index] = result ?? skipped(scenario)
        await flush()
      }),
    )
  } finally {
    await runner.close()
    await prepared.cleanup()
  }
  const finished = results as ScenarioResult[]
  await writeReports(outputDir, reporters, finished)
  const flaky = finished.filter((result) => result.status === 'passed' && result.attempt > 1).length
  if (flaky > 0) write(colors.yellow(`${flaky} scenario${flaky === 1 ? '' : 's'} passed only on a retry (flaky)\n`))
  const virtual = finished.reduce((sum, result) => sum + result.virtualMs, 0)
  write(`${colors.dim(`${finished.length} scenarios, ${(virtual / 1000).toFixed(1)} s of virtual time`)}\n${summaryLine(finished)}\n`)
  return { exitCode: finished.some((result) => result.status === 'failed') ? 1 : 0, results: finished }
}

function skipped(scenario: Scenario): ScenarioResult {
  return { file: scenario.file, name: scenario.name, position: scenario.position, status: 'skipped', attempt: 0, steps: [], virtualMs: 0, realMs: 0, calls: [] }
}

async function writeReports(outputDir: string, reporters: readonly ReporterName[], results: readonly ScenarioResult[]): Promise<void> {
  if (!reporters.includes('junit') && !reporters.includes('json')) return
  await mkdir(outputDir, { recursive: true })
  if (reporters.includes('junit')) await writeFile(join(outputDir, 'junit.xml'), junitXML(results))
  if (reporters.includes('json')) {
    const plain = results.map((result) => (result.failure ? { ...result, failure: { ...result.failure, dom: undefined } } : result))
    await writeFile(join(outputDir, 'results.json'), `${JSON.stringify({ results: plain }, null, 2)}\n`)
  }
}

export { defineScenario } from './scenario/scenario.js'
export { parseShard } from './runner/select-scenarios.js'
export type { Scenario, ScenarioInput } from './scenario/scenario.js'
export type { ScenarioResult } from './runner/results.js'
