/**
 * What `docsgen provider` does once its flags are read: starts the identity-provider emulator on
 * a real HTTP server and keeps it running until interrupted. Loaded only when the command runs,
 * so other commands never load the emulator.
 */
import type { EmulatorFixture } from '../emulator/index.js'
import { startProviderServer, type ProviderServer } from '../emulator/node-server.js'
import { httpOrigin } from '../emulator/origins.js'
import { systemErrorReason, withWidgetPage } from '../node/index.js'
import type { CliOutput } from './cli-output.js'
import { readFixtureFile } from './read-fixture-file.js'

export interface ProviderCommandOptions {
  port?: string | number
  host?: string
  fixture?: string
  /** Origins of the sites that sign in against the emulator, besides development origins. */
  siteOrigin?: string[]
}

/** Servers started by this module, with what undoes their signal handlers. */
const running = new Map<ProviderServer, () => void>()

/** Stops every server this module started (for tests; Ctrl+C does it for people). */
export async function closeProviderServers(): Promise<void> {
  const servers = [...running]
  running.clear()
  await Promise.all(servers.map(([server, cleanup]) => (cleanup(), server.close())))
}

/** Starts the emulator; resolves to the running server, or to an exit code after printing why it could not start. */
export async function runProvider(options: ProviderCommandOptions, output: CliOutput): Promise<ProviderServer | number> {
  const port = Number(options.port ?? 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    output.stderr(`error: --port must be a whole number from 0 to 65535, got '${options.port}'\n`)
    return 2
  }
  const host = options.host ?? '127.0.0.1'
  let fixture: EmulatorFixture | undefined
  if (options.fixture !== undefined) {
    const read = await readFixtureFile(options.fixture, output)
    if (read === 2) return 2
    fixture = read
  }
  for (const origin of options.siteOrigin ?? []) {
    if (httpOrigin(origin) !== origin) {
      output.stderr(`error: --site-origin must be an origin (http(s), host and port only, like https://docs.example.com), got '${origin}'\n`)
      return 2
    }
  }
  if (options.siteOrigin?.length) fixture = { ...fixture, siteOrigins: [...(fixture?.siteOrigins ?? []), ...options.siteOrigin] }
  let server: ProviderServer
  try {
    server = await startProviderServer({ port, host, ...(fixture ? { fixture } : {}) })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') output.stderr(`error: port ${port} on ${host} is already in use; choose another with --port (0 picks a free one)\n`)
    else if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') output.stderr(`error: cannot listen on host '${host}'\n`)
    else if (code === 'EACCES') output.stderr(`error: no permission to listen on port ${port}\n`)
    else output.stderr(`error: could not start the provider: ${systemErrorReason(error)}\n`)
    return 2
  }
  // The widget page answers in front of the emulator's handler (node-server calls emulator.fetch).
  server.emulator.fetch = withWidgetPage(server.emulator.fetch.bind(server.emulator))
  running.set(server, () => {})
  const orgs = fixture?.organizations?.map((o) => o.id) ?? []
  const url = server.url
  output.stdout(
    [
      `docsgen provider: identity-provider emulator listening on ${url}`,
      '',
      `  Outbox (codes and links):  ${url}/`,
      `  Login widget (try it):     ${url}/widget.html`,
      `  SDK base URL (baseURL):    ${url}`,
      `  SDK frame page (sdkURL):   ${url}/sdk.html`,
      `  JWKS:                      ${url}/.well-known/jwks.json`,
      `  Test mailbox:              ${url}/__test/mailbox?handle=<e-mail or phone>`,
      `  Organizations:             ${orgs.length > 0 ? orgs.join(', ') : 'any non-empty id (self-registration on)'}`,
      `  Site origins:              ${[...(fixture?.siteOrigins ?? []), 'localhost, *.localhost, 127.x.x.x, [::1], *.test, *.example, *.invalid'].join(', ')}`,
      ...(fixture ? [`  Fixture:                   ${options.fixture} (${fixture.persons?.length ?? 0} persons, ${fixture.faults?.length ?? 0} faults)`] : []),
      '',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  )
  return server
}

/** The command's action: starts the server, then stops it (and the process) on Ctrl+C or SIGTERM. */
export async function serveProvider(options: ProviderCommandOptions, output: CliOutput, setExitCode: (code: number) => void): Promise<void> {
  const result = await runProvider(options, output)
  if (typeof result === 'number') {
    setExitCode(result)
    return
  }
  const stop = () => {
    running.delete(result)
    void result.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  running.set(result, () => {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
  })
}
