/**
 * The last barrier before the disk: every file the build writes must be a relative path of
 * portable names that stays inside its output folder. Slugs, base paths and file names are
 * refused where they are written; this proves the result again, for every route and file of the
 * manifest before anything is written, and for each file as it is written.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Manifest } from '../../shared/manifest.js'
import { routePathProblem } from '../../shared/portable-path.js'

/** Why `file` (relative to an output folder, with "/") cannot be written there, or undefined. */
export function outputPathProblem(file: string): string | undefined {
  if (file.startsWith('/')) return 'is an absolute path'
  if (file === '' || file.endsWith('/')) return 'names a folder, not a file'
  return routePathProblem(`/${file}`)
}

/** A diagnostic for every route and published file of the manifest that could not be written safely. */
export function checkOutputPaths(manifest: Manifest): Diagnostic[] {
  const outputs = [
    ...manifest.routes.map((route) => ({ path: route.path, file: route.file, source: route.source })),
    ...manifest.assets.map((asset) => ({ path: asset.path, file: asset.file, source: asset.source as string | undefined })),
  ]
  const problems: Diagnostic[] = []
  for (const output of outputs) {
    const problem = outputPathProblem(output.file)
    if (problem === undefined) continue
    problems.push(
      diagnostic({
        file: output.source ?? 'site.config.ts',
        ruleId: 'output-path-invalid',
        message: `"${output.path}" would be written to "${output.file}", which ${problem}`,
        suggestion: 'Rename the file, folder, slug or base path it comes from to plain names; nothing was written.',
      }),
    )
  }
  return problems
}
