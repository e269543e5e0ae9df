/** Reads and checks an emulator fixture file for `docsgen provider` and `docsgen serve`; a problem is printed and becomes exit code 2. */
import { readFile, stat } from 'node:fs/promises'
import { FixtureError, loadFixture, type EmulatorFixture } from '../emulator/index.js'
import { systemErrorReason } from '../node/index.js'
import type { CliOutput } from './cli-output.js'

const MAX_FIXTURE_BYTES = 10 * 1024 * 1024

export async function readFixtureFile(file: string, output: CliOutput): Promise<EmulatorFixture | 2> {
  let text: string
  try {
    if ((await stat(file)).size > MAX_FIXTURE_BYTES) {
      output.stderr(`error: fixture file '${file}' is larger than ${MAX_FIXTURE_BYTES / 1024 / 1024} MB; a fixture lists organizations, persons and faults, not data\n`)
      return 2
    }
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : systemErrorReason(error)
    output.stderr(`error: cannot read fixture file '${file}': ${reason}\n`)
    return 2
  }
  try {
    return loadFixture(text, file)
  } catch (error) {
    if (error instanceof FixtureError) {
      output.stderr(`error: invalid fixture: ${error.message}\n`)
      return 2
    }
    throw error
  }
}
