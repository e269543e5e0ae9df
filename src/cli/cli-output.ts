import type { Command } from 'commander'

/** Where the CLI writes; tests pass their own to capture output. */
export interface CliOutput {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
}

/** A command's part of the CLI: it adds itself to the program and reports its exit code. */
export type RegisterCommand = (program: Command, output: CliOutput, setExitCode: (code: number) => void) => void
