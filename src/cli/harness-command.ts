/**
 * `docsgen harness [files…]`: replays sign-in scenarios headlessly (harness/). This file only
 * reads flags; the work is the harness API, loaded on demand so other commands never load
 * happy-dom.
 */
import type { Command } from 'commander'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type * as HarnessApi from '../../harness/index.js'
import type { CliOutput } from './cli-output.js'

// The harness sits beside src/ in the repository and beside cli/ in dist/.
const harnessModule = new URL(import.meta.url.endsWith('.ts') ? '../../harness/index.ts' : '../harness/index.js', import.meta.url)
/** The scenarios shipped with docsgen, run when no file is named and ./harness/scenarios does not exist. */
const shippedScenarios = new URL(import.meta.url.endsWith('.ts') ? '../../harness/scenarios' : '../harness/scenarios', import.meta.url).pathname

export interface HarnessCommandOptions {
  workers?: string
  grep?: string
  shard?: string
  bail?: boolean
  retries?: string
  list?: boolean
  reporter?: string[]
  output?: string
  site?: string
  privateDir?: string
  siteDir?: string
}

const wholeNumber = (text: string | undefined, fallback: number) => (text === undefined ? fallback : /^\d+$/.test(text) ? Number(text) : NaN)

export async function runHarnessCommand(paths: string[], options: HarnessCommandOptions, output: CliOutput, cwd = process.cwd()): Promise<number> {
  const usage = (message: string) => (output.stderr(`error: ${message}\n`), 2)
  const workers = wholeNumber(options.workers, 1)
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) return usage(`--workers must be a whole number from 1 to 64, got '${options.workers}'`)
  const retries = wholeNumber(options.retries, 0)
  if (!Number.isInteger(retries) || retries > 10) return usage(`--retries must be a whole number from 0 to 10, got '${options.retries}'`)
  let grep: RegExp | undefined
  try {
    grep = options.grep === undefined ? undefined : new RegExp(options.grep, 'i')
  } catch (error) {
    return usage(`--grep is not a valid regular expression: ${(error as Error).message}`)
  }
  const harness = (await import(harnessModule.href)) as typeof HarnessApi
  const shard = options.shard === undefined ? undefined : harness.parseShard(options.shard)
  if (options.shard !== undefined && !shard) return usage(`--shard must be i/n with 1 ≤ i ≤ n (such as 1/2), got '${options.shard}'`)
  const reporters = (options.reporter ?? ['list']).flatMap((name) => name.split(',')).map((name) => name.trim())
  const unknown = reporters.find((name) => !(harness.REPORTERS as readonly string[]).includes(name))
  if (unknown !== undefined) return usage(`unknown reporter '${unknown}'; reporters: ${harness.REPORTERS.join(', ')}`)
  const defaultPaths = existsSync(join(cwd, 'harness', 'scenarios')) ? ['harness/scenarios'] : [shippedScenarios]
  const result = await harness.runHarness({
    paths: paths.length > 0 ? paths : defaultPaths,
    cwd,
    workers,
    retries,
    bail: options.bail ?? false,
    list: options.list ?? false,
    reporters: reporters as HarnessApi.ReporterName[],
    ...(grep ? { grep } : {}),
    ...(shard ? { shard } : {}),
    ...(options.output !== undefined ? { outputDir: options.output } : {}),
    ...(options.site !== undefined ? { site: options.site } : {}),
    ...(options.privateDir !== undefined ? { privateDir: options.privateDir } : {}),
    ...(options.siteDir !== undefined ? { siteDir: options.siteDir } : {}),
    write: output.stdout,
  })
  return result.exitCode
}

export function registerHarnessCommand(program: Command, output: CliOutput, setExitCode: (code: number) => void): void {
  program
    .command('harness')
    .description('Replay sign-in scenarios (YAML or TypeScript) headlessly against the provider emulator, with virtual time')
    .argument('[files...]', 'scenario files or folders (default: harness/scenarios)')
    .option('-w, --workers <n>', 'worker threads to run scenarios on', '1')
    .option('-g, --grep <regex>', 'run only scenarios whose name, tag or file matches')
    .option('--shard <i/n>', 'run only the i-th of n equal shares (for CI machines)')
    .option('--bail', 'stop after the first failed scenario')
    .option('--retries <n>', 'run a failed scenario again up to n times', '0')
    .option('--list', 'list the scenarios that would run, and exit')
    .option('-r, --reporter <names...>', 'list, junit, json (several allowed)')
    .option('-o, --output <dir>', 'folder for junit.xml, results.json and failure artefacts', 'test-results')
    .option('--site <dir>', 'a built site to load site pages from (default: build the site once)')
    .option('--private-dir <dir>', "the private folder of the --site build, served through the gate (default: .docsgen/private in --site-dir)")
    .option('--site-dir <dir>', 'the site folder with site.config.ts', '.')
    .addHelpText(
      'after',
      `
Each scenario opens a page (the login widget alone, or a path of the built site) in happy-dom,
with the provider emulator answering in-process and virtual time, so waits cost milliseconds.
Exit code 0 when every scenario passed, 1 when one failed, 2 for a bad file or flag.
The format, every step and worked examples: harness/README.md.

Examples:
  $ docsgen harness
  $ docsgen harness harness/scenarios/otp-email-wrong-then-right.yaml
  $ docsgen harness --workers 2 --reporter list junit --output test-results
  $ docsgen harness --shard 1/2 --grep otp`,
    )
    .action(async (paths: string[], options: HarnessCommandOptions) => setExitCode(await runHarnessCommand(paths, options, output)))
}
