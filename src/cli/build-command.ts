/**
 * `docsgen build` and `docsgen check`: flags → build() → report → exit code. The build is loaded
 * when one of them runs, so other commands and --help never load it.
 */
import type { Command } from 'commander'
import type { CliOutput } from './cli-output.js'

export function registerBuildCommands(program: Command, output: CliOutput, setExitCode: (code: number) => void): void {
  const color = () => shouldColor(process.env, process.stdout.isTTY === true)
  program
    .command('build')
    .description('Build the site into static files; fails (exit 1) on broken links, anchors or private-path rules')
    .argument('[siteDir]', 'folder holding site.config.ts and content/', '.')
    .option('--out-dir <dir>', 'deployable output folder, relative to siteDir', 'build')
    .option('--private-dir <dir>', 'folder for private pages (served only by the gate; never deploy it)', '.docsgen/private')
    .option('--no-color', 'plain output without colours')
    .addHelpText(
      'after',
      `
Examples:
  $ docsgen build                    build the site in the current folder into ./build
  $ docsgen build docs --out-dir dist

Exit codes: 0 built, 1 content problems (nothing written), 2 usage or configuration errors.`,
    )
    .action(async (siteDir: string, flags: { outDir: string; privateDir: string; color: boolean }) => {
      const { build, formatReport } = await buildApi()
      const result = await build({ siteDir, outDir: flags.outDir, privateDir: flags.privateDir })
      ;(result.exitCode === 0 ? output.stdout : output.stderr)(formatReport(result, { color: flags.color && color(), command: 'build' }))
      setExitCode(result.exitCode)
    })

  program
    .command('check')
    .description('Validate config, content, links, anchors and private-path rules without writing anything (for CI and pre-commit)')
    .argument('[siteDir]', 'folder holding site.config.ts and content/', '.')
    .option('--no-color', 'plain output without colours')
    .addHelpText('after', '\nExit codes: 0 valid, 1 content problems, 2 usage or configuration errors.')
    .action(async (siteDir: string, flags: { color: boolean }) => {
      const { build, formatReport } = await buildApi()
      const result = await build({ siteDir, write: false })
      ;(result.exitCode === 0 ? output.stdout : output.stderr)(formatReport(result, { color: flags.color && color(), command: 'check' }))
      setExitCode(result.exitCode)
    })
}

/** NO_COLOR wins, then FORCE_COLOR, then whether we print to a terminal. */
export function shouldColor(environment: NodeJS.ProcessEnv, isTerminal: boolean): boolean {
  if (environment.NO_COLOR) return false
  if (environment.FORCE_COLOR && environment.FORCE_COLOR !== '0') return true
  return isTerminal && environment.TERM !== 'dumb'
}

/** The build and its report, loaded when a command runs: not the whole Node API, whose server, watcher and emulator a build never uses. */
async function buildApi() {
  const [{ build }, { formatReport }, { keepHeapsNearLive }] = await Promise.all([import('../node/build.js'), import('../node/format-report.js'), import('../node/diagnostics/heap-watch.js')])
  keepHeapsNearLive()
  return { build, formatReport }
}
