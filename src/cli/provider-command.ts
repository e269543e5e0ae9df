/**
 * `docsgen provider`: runs the identity-provider emulator on a real HTTP server (127.0.0.1 by
 * default) until interrupted, and prints where it is.
 */
import type { Command } from 'commander'
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

export function registerProviderCommand(program: Command, output: CliOutput, setExitCode: (code: number) => void): void {
  program
    .command('provider')
    .description('Run the local identity-provider emulator (SlashID-compatible) for signing in during development and tests')
    .option('-p, --port <n>', 'port to listen on (0 picks a free port)', '8787')
    .option('--host <h>', 'interface to listen on', '127.0.0.1')
    .option('-f, --fixture <file>', 'YAML or JSON file with organizations, persons, policies and fault rules')
    .option('--site-origin <origin>', 'origin of a site that signs in against the emulator, besides localhost (repeatable)', (value: string, previous: string[] = []) => [...previous, value])
    .addHelpText(
      'after',
      `
The emulator speaks the provider's wire protocol (POST /id/v2, /attestation/v3, GET
/challenge/{id}/v2, /token/validate, ...). Nothing is sent by e-mail or SMS: every one-time
code and sign-in link is listed on the outbox page at the server's root URL and returned by
GET /__test/mailbox?handle=<address>. Other test endpoints under /__test/: groups, reset,
faults, clock, persons, organizations, events.

Only pages on localhost (and *.localhost, 127.x.x.x, [::1], *.test, *.example, *.invalid) or a
--site-origin may call it from a browser, and only under a loopback Host name.

Without --fixture any non-empty organization id is accepted and persons are created on their
first sign-in. Point the site at it with baseURL = the printed URL and sdkURL = <URL>/sdk.html.

Examples:
  $ docsgen provider
  $ docsgen provider --port 0 --fixture test/emulator/fixtures/basic.yaml`,
    )
    .action(async (options: ProviderCommandOptions) => {
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
    })
}
