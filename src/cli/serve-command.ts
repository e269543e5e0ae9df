/**
 * `docsgen serve` (build, watch, live reload, with the provider emulator on the same origin) and
 * `docsgen preview` (an existing build as production serves it), both behind the gate. This
 * module only wires: the server is src/node/serve, the emulator src/emulator, the gate src/gate.
 * It mounts the emulator under /_docsgen/provider and builds the served pages with that as their
 * baseURL and sdkURL, so a site signs in locally with no change to its config.
 */
import type { Command } from 'commander'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { createProviderEmulator, type EmulatorFixture, type ProviderEmulator } from '../emulator/index.js'
import { createFolderStore, createGate } from '../gate/index.js'
import { formatReport, ListenError, prefixRoute, ServeError, serveSite, withWidgetPage, type Handler, type ServeMount, type ServingSite } from '../node/index.js'
import { shouldColor } from './build-command.js'
import type { CliOutput } from './cli-output.js'
import { readFixtureFile } from './read-fixture-file.js'

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

/** Where the emulator answers on the site's origin: in the folder the build keeps, so no page can be there. */
export const PROVIDER_PREFIX = '/_docsgen/provider'
/** How long Ctrl+C waits for the server, the watchers and a rebuild in progress to close. */
const CLOSE_LIMIT_MS = 10_000
/** The seed read from the site folder when --fixture is not given. */
export const DEFAULT_FIXTURE = 'emulator.yaml'

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
  if (context.watch) lines.push('  Watching content/, static/, site.config.ts and the theme: saved changes rebuild and reload the open pages.')
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
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside
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

export function registerServeCommands(program: Command, output: CliOutput, setExitCode: (code: number) => void): void {
  // Ctrl+C is heard from the start, so one pressed during the first build also stops cleanly:
  // watchers, sockets and the server closed once the build in hand is done, then exit 0. A second
  // Ctrl+C does not wait.
  const run = async (options: ServeCommandOptions) => {
    let site: ServingSite | undefined
    let stopping = false
    // Closing takes moments; should any part of it ever hang, Ctrl+C still ends the process.
    const close = (running: ServingSite) => void Promise.race([running.close(), new Promise((resolve) => setTimeout(resolve, CLOSE_LIMIT_MS).unref())]).then(() => process.exit(0))
    const stop = () => {
      if (stopping) process.exit(130)
      stopping = true
      if (site) close(site)
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
    const result = await runServe(options, output)
    if (typeof result === 'number') {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      setExitCode(result)
      if (stopping) process.exit(130)
      return
    }
    site = result
    if (stopping) close(site)
  }
  listenOptions(program.command('serve'))
    .description('Build the site, serve it with live reload and a local provider emulator, and rebuild on every change')
    .argument('[siteDir]', 'folder holding site.config.ts and content/', '.')
    .option('--no-watch', 'serve the existing build as production would (same as docsgen preview)')
    .option('--no-emulator', 'sign in at the provider named in site.config.ts instead of the local emulator')
    .option('-f, --fixture <file>', `who can sign in at the emulator (YAML or JSON); default ${DEFAULT_FIXTURE} in the site folder when it exists`)
    .option('--no-color', 'plain output without colours')
    .addHelpText(
      'after',
      `
The served pages are built into .docsgen/serve/ (never into build/), with a script that reloads
them when their page changes and shows build errors in an overlay. The provider emulator answers
on the same origin under ${PROVIDER_PREFIX}, and the served pages sign in there: login.baseURL
and login.sdkURL are replaced for serving only. With --no-emulator they sign in where
site.config.ts says (a real provider: orgID, baseURL, sdkURL).

Examples:
  $ docsgen serve
  $ docsgen serve docs --port 8080 --open

Exit codes: 0 stopped with Ctrl+C, 2 usage errors (such as a port in use).`,
    )
    .action((siteDir: string, flags: Omit<ServeCommandOptions, 'siteDir'>) => run({ ...flags, siteDir }))

  listenOptions(program.command('preview'))
    .description('Serve an existing build (docsgen build) as production would: no watching, no reload script')
    .argument('[siteDir]', 'folder holding the build', '.')
    .option('--out-dir <dir>', 'the build to serve, relative to siteDir', 'build')
    .option('--private-dir <dir>', 'the private pages of that build', '.docsgen/private')
    .addHelpText('after', '\nExit codes: 0 stopped with Ctrl+C, 2 usage errors (no build to serve, a port in use).')
    .action((siteDir: string, flags: Omit<ServeCommandOptions, 'siteDir' | 'watch'>) => run({ ...flags, siteDir, watch: false }))
}

function listenOptions(command: Command): Command {
  return command
    .option('-p, --port <n>', 'port to listen on (fails if taken); default: 3000 or the next free one')
    .option('--host <h>', 'interface to listen on', '127.0.0.1')
    .option('--open', 'open the site in a browser')
}
