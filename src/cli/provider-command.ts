/**
 * `docsgen provider`: runs the identity-provider emulator on a real HTTP server (127.0.0.1 by
 * default) until interrupted, and prints where it is. This file only declares the command; the
 * work (run-provider.ts) is loaded when it runs.
 */
import type { Command } from 'commander'
import type { CliOutput } from './cli-output.js'
import type { ProviderCommandOptions } from './run-provider.js'

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
      const { serveProvider } = await import('./run-provider.js')
      await serveProvider(options, output, setExitCode)
    })
}
