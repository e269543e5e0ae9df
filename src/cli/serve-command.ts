/**
 * `docsgen serve` (build, watch, live reload, with the provider emulator on the same origin) and
 * `docsgen preview` (an existing build as production serves it), both behind the gate: their
 * flags and help. What they do is run-serve.ts, loaded only when one of them runs.
 */
import type { Command } from 'commander'
import type { CliOutput } from './cli-output.js'
import type { ServeCommandOptions, ServingSite } from './run-serve.js'
import { DEFAULT_FIXTURE, PROVIDER_PREFIX } from './serve-defaults.js'

/** How long Ctrl+C waits for the server, the watchers and a rebuild in progress to close. */
const CLOSE_LIMIT_MS = 10_000

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
    // The first build's thread loads the build while this one loads the server.
    if (options.watch) (await import('../node/serve/build-in-worker.js')).prestartBuildThread()
    const { runServe } = await import('./run-serve.js')
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
