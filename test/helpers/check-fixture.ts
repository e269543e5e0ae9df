/** `check` (build without writing) of a fresh copy of a fixture site: its exit code and every diagnostic as printed. */
import { build, type BuildOptions } from '../../src/node/build.js'
import { formatDiagnostic } from '../../src/shared/diagnostic.js'
import { withFixtureSite } from './fixture-site.js'

export function checkFixture(name: string, options: Omit<BuildOptions, 'siteDir'> = {}): Promise<{ exitCode: number; messages: string[] }> {
  return withFixtureSite(name, async (site) => {
    const result = await build({ ...options, siteDir: site.dir, write: false })
    return { exitCode: result.exitCode, messages: result.diagnostics.map(formatDiagnostic) }
  })
}
