// Compiles src/ to dist/ file by file (no bundling), so the package's modules run on plain Node 20
// and relative paths resolved from import.meta.url are the same in src/ and dist/. Then bundles
// what runs at start-up (see bundleCli below): the CLI and the worker entries.
// Type checking is `npm run typecheck`; this step only strips types, in well under a second.
import { build } from 'esbuild'
import { readFile, readdir, rm, cp, writeFile } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve as resolvePath, sep } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const sourceDir = join(root, 'src')
const outDir = join(root, 'dist')

const entries = (await readdir(sourceDir, { recursive: true }))
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
  .map((file) => join(sourceDir, file))

/** What every compile of docsgen's own code shares: ES modules for Node 20, React's automatic JSX. */
const nodeModuleOptions = { format: 'esm', platform: 'node', target: 'node20', jsx: 'automatic', sourcemap: 'linked', logLevel: 'warning' }

await rm(outDir, { recursive: true, force: true })
await build({ ...nodeModuleOptions, entryPoints: entries, outdir: outDir, outbase: sourceDir })
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

await bundleCli()

// docsgen's own browser code is the same for every site: bundled once here, read by every build
// (src/node/bundle/prebuilt-bundle.ts).
await (await import(join(outDir, 'node', 'bundle', 'prebuild-bundles.js'))).prebuildBundles()

/**
 * Loading the 400 files of the CLI and its packages one by one took longer than building a small
 * site, so what runs at start-up is bundled. The CLI goes to dist/bin/ as one entry and the
 * chunks it loads on demand (a command's work, a stage's heavy packages: dynamic imports become
 * chunks). The worker entries (`*-worker.ts`) are entries of the same bundle, their compiled copies
 * reduced to a re-export of it: a thread loads only the chunks its entry reaches before it starts
 * (the stages' heavy packages come as they are needed), the CLI's and the file-by-file API's alike.
 * Code that finds files from import.meta.url (the theme's stylesheet, worker entries, the widget's
 * sources, package.json) is given the URL of its compiled copy in dist/, so every path it
 * resolves is the same as unbundled.
 * Packages that stay imports: esbuild (it finds its own binary); react and react-dom, whose
 * packages choose their production or development build at run time (NODE_ENV) and whose copy
 * must be the one the site's component pages import.
 */
async function bundleCli() {
  const common = {
    ...nodeModuleOptions,
    bundle: true,
    // Packages written as CommonJS call require(); an ES module bundle must give them one.
    banner: { js: "import { createRequire as __docsgenRequire } from 'node:module'; const require = __docsgenRequire(import.meta.url);" },
  }
  const external = ['esbuild', 'react', 'react-dom', 'react/*', 'react-dom/*']
  const workers = (await readdir(sourceDir, { recursive: true })).filter((file) => file.endsWith('-worker.ts'))
  const workerEntries = Object.fromEntries(workers.map((file) => [basename(file, '.ts'), join(sourceDir, file)]))
  await build({
    ...common,
    entryPoints: { docsgen: join(sourceDir, 'cli', 'main.ts'), ...workerEntries },
    outdir: join(outDir, 'bin'),
    splitting: true,
    chunkNames: '[name]-[hash]',
    external,
    plugins: [compiledImportMetaUrl(join(outDir, 'bin')), jsoncAsModule()],
  })
  // A worker is started from its compiled place; that file now only imports its entry in dist/bin.
  for (const file of workers) {
    const outfile = join(outDir, file.replace(/\.ts$/, '.js'))
    const entry = relative(dirname(outfile), join(outDir, 'bin', `${basename(file, '.ts')}.js`)).split(sep).join('/')
    await writeFile(outfile, `export * from ${JSON.stringify(entry)}\n`)
    await rm(`${outfile}.map`, { force: true })
  }
}

/** Rewrites `import.meta.url` in src/ modules to the URL of their compiled copy, seen from a bundle in `bundleDir`. */
function compiledImportMetaUrl(bundleDir) {
  return {
    name: 'compiled-import-meta-url',
    setup(builder) {
      builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (!args.path.startsWith(sourceDir + sep)) return undefined
        const text = await readFile(args.path, 'utf8')
        if (!text.includes('import.meta.url')) return undefined
        const compiled = join(outDir, relative(sourceDir, args.path)).replace(/\.tsx?$/, '.js')
        const url = `new URL(${JSON.stringify(relative(bundleDir, compiled).split(sep).join('/'))}, import.meta.url).href`
        return { contents: text.replaceAll('import.meta.url', url), loader: args.path.endsWith('x') ? 'tsx' : 'ts' }
      })
    },
  }
}

/**
 * jsonc-parser's CommonJS build is UMD, whose require() of its own files a bundle cannot follow;
 * its ES module build is bundled instead, as the default export our modules import.
 */
function jsoncAsModule() {
  return {
    name: 'jsonc-as-module',
    setup(builder) {
      builder.onResolve({ filter: /^jsonc-parser$/ }, () => ({ path: 'jsonc-parser', namespace: 'jsonc' }))
      builder.onLoad({ filter: /.*/, namespace: 'jsonc' }, () => ({
        contents: "import * as jsonc from 'jsonc-parser/lib/esm/main.js'; export default jsonc",
        resolveDir: root,
        loader: 'js',
      }))
    },
  }
}
