/**
 * The output's reserved folder (`_docsgen/`: page data, sidebar data, the runtime, the search
 * index) belongs to the build. A page or a `static/` file there would be overwritten by, or
 * overwrite, what the build writes, so either is an error before anything is written.
 */
import { collisionKey } from '../../shared/portable-path.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Manifest } from '../../shared/manifest.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'

export function checkReservedPaths(manifest: Manifest): Diagnostic[] {
  const reserved = collisionKey(`${GENERATED_FOLDER}/`)
  const outputs = [
    ...manifest.routes.map((route) => ({ file: route.file, source: route.source })),
    ...manifest.assets.map((asset) => ({ file: asset.file, source: asset.source as string | undefined })),
  ]
  return outputs
    .filter((output) => collisionKey(output.file).startsWith(reserved))
    .map((output) =>
      diagnostic({
        file: output.source ?? 'site.config.ts',
        ruleId: 'reserved-path',
        message: `"${output.file}" is in the folder "${GENERATED_FOLDER}/", which docsgen keeps for the files it generates`,
        suggestion: `Move it out of a folder named "${GENERATED_FOLDER}".`,
      }),
    )
}
