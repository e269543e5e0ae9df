/**
 * What `docsgen serve` and `docsgen preview` do once their flags are read (serve-command.ts):
 * listen, build, watch (src/node/serve), mount the provider emulator (src/emulator) under
 * /_docsgen/provider and the gate (src/gate) in front of private pages. The served pages are built
 * with the emulator as their baseURL and sdkURL, so a site signs in locally with no change to its
 * config. Loaded only by those commands: `docsgen build` never loads the server, the emulator
 * or the gate.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { createProviderEmulator, type EmulatorFixture, type ProviderEmulator } from '../emulator/index.js'
import { createFolderStore, createGate } from '../gate/index.js'
import { formatReport, ListenError, prefixRoute, ServeError, serveSite, withWidgetPage, type Handler, type ServeMount, type ServingSite } from '../node/index.js'

export type { ServingSite }
import { shouldColor } from './build-command.js'
import type { CliOutput } from './cli-output.js'
import { readFixtureFile } from './read-fixture-file.js'
import { DEFAULT_FIXTURE, PROVIDER_PREFIX } from './serve-defaults.js'

export interface ServeCommandOptions {
  readonly siteDir: string
  readonly watch: boolean
  readonly port?: string
  readonly host?: string
  readonly open?: boolean
  /** false: pages sign in at the provider named in site.config.ts. */
  readonly emulator?: boolean
  readonly fixture?: string
  readonly outDir?: string
  readonly privateDir?: string
  readonly color?: boolean
}

/** Starts serving; resolves to the running site, or to an exit code after printing why not. */
export async function runServe(options: ServeCommandOptions, output: CliOutput): Promise<ServingSite | number> {
  const port = options.port === undefined ? undefined : Number(options.port)
  if (port !== undefined && (!/^\d+$/.test(options.port!) || port > 65535)) {
    output.stderr(`error: --port must be a whole number from 0 to 65535, got '${options.port}'\n`)
    return 2
  }
  const siteDir = resolve(options.siteDir)
  const useEmulator = options.watch && options.emulator !== false
  const fixtureFile = options.fixture ?? (existsSync(join(siteDir, DEFAULT_FIXTURE)) ? join(siteDir, DEFAULT_FIXTURE) : undefined)
  let fixture: EmulatorFixture | undefined
  if (useEmulator && fixtureFile !== undefined) {
    const read = await readFixtureFile(fixtureFile, output)
    if (read === 2) return 2
    fixture = read
  }
  const color = (options.color ?? true) && shouldColor(process.env, process.stdout.isTTY === true)
  let emulator: ProviderEmulator | undefined
  let site: ServingSite
  try {
    site = await serveSite({
      siteDir,
      watch: options.watch,
      host: options.host ?? '127.0.0.1',
      ...(port !== undefined ? { port } : {}),
      ...(options.outDir !== undefined ? { outDir: options.outDir } : {}),
      ...(options.privateDir !== undefined ? { privateDir: options.privateDir } : {}),
      mount: async (origin: string) => {
        if (useEmulator) emulator = await startEmulator(origin, fixture)
        return { ...(emulator ? emulatorMount(origin, emulator, output) : {}), ...gateMount(output) }
      },
      onBuild: ({ result, milliseconds, changedRoutes, privateChanged, first, background }) => {
        if (result.exitCode !== 0) output.stderr(formatReport(result, { color, command: 'build' }))
        else if (first) output.stdout(formatReport(result, { color, command: 'build' }))
        else if (background && changedRoutes.length === 0 && privateChanged === 0) output.stdout(`✔ search index and site files brought up to date in ${Math.round(milliseconds)} ms\n`)
        else output.stdout(`✔ rebuilt in ${Math.round(milliseconds)} ms: ${changedRoutes === 'all' ? 'every page reloads' : pages(changedRoutes.length + privateChanged)}\n`)
      },
      onProblem: (message) => output.stderr(`docsgen serve: ${message}\n`),
    })
  } catch (error) {
    if (error instanceof ListenError || error instanceof ServeError) {
      output.stderr(`error: ${error.message}\n`)
      return 2
    }
    throw error
  }
  output.stdout(startupMessage(site, { watch: options.watch, siteDir, emulator, fixture, fixtureFile }))
  if (options.open) openBrowser(site.home)
  return site
}

/**
 * The gate in front of the public files, in serve and preview alike: private content only for a
 * reader whose token the site's provider (the emulator under serve) vouches for. A rebuild that
 * changes the organization or the provider gets a new gate.
 */
function gateMount(output: CliOutput): Pick<ServeMount, 'privateRoutes'> {
  return {
    privateRoutes: ({ next, privateDir, login }) => {
      let gate: { readonly key: string; readonly fetch: Handler } | undefined
      return (request) => {
        const current = login()
        // Without login a site has no private rules, so nothing for a gate to keep.
        if (current === undefined) return next(request)
        const key = `${current.orgID} ${current.baseURL}`
        if (gate?.key !== key) {
          const { fetch } = createGate({ ...current, store: createFolderStore(privateDir), next, onProblem: (message) => output.stderr(`docsgen serve: gate: ${message}\n`) })
          gate = { key, fetch }
        }
        return gate.fetch(request)
      }
    },
  }
}

async function startEmulator(origin: string, fixture: EmulatorFixture | undefined): Promise<ProviderEmulator> {
  // The served pages are on a loopback origin, which the emulator accepts without listing it.
  const emulator = createProviderEmulator({ baseURL: `${origin}${PROVIDER_PREFIX}`, ...(fixture ? { fixture } : {}) })
  await emulator.ready
  return emulator
}

/** The emulator under PROVIDER_PREFIX; each code or link it "sends" is printed as it is sent. */
function emulatorMount(origin: string, emulator: ProviderEmulator, output: CliOutput): ServeMount {
  const handle = withWidgetPage(emulator.fetch.bind(emulator))
  let printed = 0
  const printNew = () => {
    const messages = emulator.outbox()
    if (messages.length < printed) printed = 0
    for (const message of messages.slice(printed)) {
      const what = message.link !== undefined ? `sign-in link: ${message.link}` : `code: ${message.otp}`
      output.stdout(`✉ to ${message.handle.value} (${message.method}), ${what}\n`)
    }
    printed = messages.length
  }
  return {
    routes: [
      prefixRoute('provider emulator', PROVIDER_PREFIX, async (request) => {
        const response = await handle(request)
        printNew()
        return response
      }),
    ],
    identityProvider: { baseURL: `${origin}${PROVIDER_PREFIX}`, sdkURL: `${origin}${PROVIDER_PREFIX}/sdk.html` },
  }
}

function startupMessage(site: ServingSite, context: { watch: boolean; siteDir: string; emulator: ProviderEmulator | undefined; fixture: EmulatorFixture | undefined; fixtureFile: string | undefined }): string {
  const lines = [`docsgen ${context.watch ? 'serve' : 'preview'}: ${site.home}`, '']
  if (site.watching !== undefined) lines.push(`  Watching ${site.watching}, and the theme: saved changes rebuild and reload the open pages.`)
  else lines.push(`  Serving the build in ${shown(context.siteDir, site.outDir)} as production would (no watching, no reload).`)
  if (context.emulator) {
    const url = context.emulator.baseURL
    lines.push(
      `  Provider emulator:  ${url}/  (outbox: every code and sign-in link it "sends")`,
      `  Pages sign in here (baseURL ${url}, sdkURL ${url}/sdk.html); site.config.ts is not changed.`,
    )
    const persons = context.fixture?.persons ?? []
    if (persons.length > 0) {
      lines.push(`  Seeded from ${shown(context.siteDir, context.fixtureFile!)}:`)
      for (const person of persons) {
        const handle = person.email ?? person.phone ?? person.username ?? person.handles?.[0]?.value ?? '(no handle)'
        lines.push(`    ${handle.padEnd(24)} ${person.groups?.length ? `groups: ${person.groups.join(', ')}` : 'no groups'}`)
      }
      lines.push('  Sign in: "Log in" on any page, enter one of these addresses, then open the sign-in link printed here (or on the outbox page).')
    } else lines.push('  No fixture: anyone signs in with any address (no groups); the link is printed here and on the outbox page.')
  }
  lines.push('', 'Press Ctrl+C to stop.', '')
  return lines.join('\n')
}

function pages(count: number): string {
  return `${count} page${count === 1 ? '' : 's'} changed`
}

function shown(siteDir: string, path: string): string {
  const inside = relative(siteDir, path)
  if (inside === '') return '.'
  // A name that begins with ".." (a folder "..drafts") is inside.
  return inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside) ? path : inside
}

/** Best effort: a machine without a desktop just keeps the printed URL. */
function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open'
  try {
    spawn(command, [url], { stdio: 'ignore', detached: true }).on('error', () => {}).unref()
  } catch {
    // Nothing to do: the URL is printed.
  }
}
