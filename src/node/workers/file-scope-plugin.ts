/**
 * A site's config bundled into one module would see the bundle's own place as `import.meta.url`
 * (and the config's as `__dirname`) in every file it imports, so a helper in a subfolder that
 * reads a file beside it (`readFileSync(new URL('./code.ts', import.meta.url))`) reads from the
 * wrong folder and throws. Each of the site's script files gets its own values instead, as
 * VitePress's config loader gives them (and Docusaurus's, which runs each file where it is).
 */
import type { Plugin } from 'esbuild'
import { readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { pathToFileURL } from 'node:url'

const names = { dirname: '__docsgen_file_dirname', filename: '__docsgen_file_filename', url: '__docsgen_file_url' }

// Spelt in parts: scripts/compile.mjs rewrites that name wherever it is written whole in src/.
const meta = ['import', 'meta'].join('.')

/** Replaces the file-scope names with the variables each file declares (see fileScopePlugin). */
export const fileScopeDefine: Readonly<Record<string, string>> = {
  __dirname: names.dirname,
  __filename: names.filename,
  [`${meta}.url`]: names.url,
  [`${meta}.dirname`]: names.dirname,
  [`${meta}.filename`]: names.filename,
}

const loaders = { ts: 'ts', mts: 'ts', cts: 'ts', tsx: 'tsx', js: 'js', mjs: 'js', cjs: 'js', jsx: 'jsx' } as const

/** Declares a file's own values on its first line (without a line break, so lines stay where they are). */
export const fileScopePlugin: Plugin = {
  name: 'docsgen-file-scope',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      if (args.namespace !== 'file') return undefined
      const extension = /\.([cm]?[jt]sx?)$/.exec(args.path)![1] as keyof typeof loaders
      const declared =
        `const ${names.dirname} = ${JSON.stringify(dirname(args.path))};` +
        `const ${names.filename} = ${JSON.stringify(args.path)};` +
        `const ${names.url} = ${JSON.stringify(pathToFileURL(args.path).href)};`
      return { contents: declared + (await readFile(args.path, 'utf8')), loader: loaders[extension] }
    })
  },
}
