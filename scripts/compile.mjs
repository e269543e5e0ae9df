// Compiles src/ to dist/ file by file (no bundling), so `bin/docsgen.js` runs on plain Node 20
// and relative paths resolved from import.meta.url are the same in src/ and dist/.
// Type checking is `npm run typecheck`; this step only strips types, in well under a second.
import { build } from 'esbuild'
import { readdir, rm, cp } from 'node:fs/promises'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const sourceDir = join(root, 'src')
const outDir = join(root, 'dist')

const entries = (await readdir(sourceDir, { recursive: true }))
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
  .map((file) => join(sourceDir, file))

await rm(outDir, { recursive: true, force: true })
await build({
  entryPoints: entries,
  outdir: outDir,
  outbase: sourceDir,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
})
// Non-TypeScript assets (the theme's CSS, scenario files) travel with the compiled code.
const assets = (await readdir(sourceDir, { recursive: true })).filter((file) => /\.(css|json|yaml|svg|html)$/.test(file))
for (const file of assets) await cp(join(sourceDir, file), join(outDir, file))
