// Compiles src/ to dist/ file by file (no bundling), so `bin/docsgen.js` runs on plain Node 20
// and relative paths resolved from import.meta.url are the same in src/ and dist/.
// Type checking is `npm run typecheck`; this step only strips types, in well under a second.
import { build } from 'esbuild'
import { readdir, rm, cp } from 'node:fs/promises'
import { dirname, join, relative, resolve as resolvePath, sep } from 'node:path'

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

// The harness sits beside src/ in the repository and compiles to dist/harness/. Its imports of
// src/ modules are rewritten to their compiled place (dist/…); everything else stays external.
const harnessDir = join(root, 'harness')
const harnessFiles = (await readdir(harnessDir, { recursive: true })).filter((file) => /\.tsx?$/.test(file) && !file.startsWith('scenarios'))
await build({
  entryPoints: harnessFiles.map((file) => join(harnessDir, file)),
  outdir: join(outDir, 'harness'),
  outbase: harnessDir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'harness-imports',
      setup(builder) {
        builder.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === 'entry-point') return undefined
          if (!args.path.startsWith('.')) return { path: args.path, external: true }
          const target = resolvePath(dirname(args.importer), args.path)
          const from = dirname(join(outDir, 'harness', relative(harnessDir, args.importer)))
          const compiled = target.startsWith(sourceDir + sep) ? join(outDir, relative(sourceDir, target)) : join(outDir, 'harness', relative(harnessDir, target))
          const path = relative(from, compiled).replace(/\.tsx?$/, '.js')
          return { path: path.startsWith('.') ? path : `./${path}`, external: true }
        })
      },
    },
  ],
})
for (const file of (await readdir(harnessDir, { recursive: true })).filter((file) => /\.(yaml|ts|md)$/.test(file) && (file.startsWith('scenarios') || file.startsWith('presets')))) {
  await cp(join(harnessDir, file), join(outDir, 'harness', file))
}
