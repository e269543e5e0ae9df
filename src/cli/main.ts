/**
 * The command line: parse flags, call the Node API, print, return an exit code.
 * Exit codes: 0 ok, 1 content problems, 2 usage or configuration errors.
 */
import { Command, CommanderError } from 'commander'
import { createRequire } from 'node:module'
import { registerBuildCommands } from './build-command.js'
import { registerHarnessCommand } from './harness-command.js'
import { registerProviderCommand } from './provider-command.js'
import { registerServeCommands } from './serve-command.js'
import type { CliOutput, RegisterCommand } from './cli-output.js'

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string }


const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}

/** Runs the CLI with `argv` (without `node` and the script) and resolves to the exit code. */
export async function main(argv: readonly string[], output: CliOutput = processOutput): Promise<number> {
  let exitCode = 0
  const program = new Command('docsgen')
    .description('Static documentation sites with private pages gated behind sign-in.')
    .version(version, '-v, --version')
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ writeOut: output.stdout, writeErr: output.stderr })

  const commands: readonly RegisterCommand[] = [registerBuildCommands, registerServeCommands, registerProviderCommand, registerHarnessCommand]
  for (const register of commands) register(program, output, (code) => (exitCode = code))

  try {
    await program.parseAsync([...argv], { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0; usage mistakes with 1, which we map to 2.
      return error.exitCode === 0 ? 0 : 2
    }
    throw error
  }
  return exitCode
}
