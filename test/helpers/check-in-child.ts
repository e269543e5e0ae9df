/**
 * Runs `check` on a site in a child process and prints its exit code and diagnostics as JSON.
 * Tests use it to check a site as another user: root may read every file, so a file the build
 * may not read needs an unprivileged process to exist at all.
 */
import { build } from '../../src/node/build.js'
import { formatDiagnostic } from '../../src/shared/diagnostic.js'

const result = await build({ siteDir: process.argv[2]!, write: false })
process.stdout.write(JSON.stringify({ exitCode: result.exitCode, messages: result.diagnostics.map(formatDiagnostic) }))
