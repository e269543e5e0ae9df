/**
 * The site's own style sheets (`customCss`), bundled into one: their `@import`s inlined, the
 * images and fonts their `url()`s name published under `_docsgen/assets/` by content hash, the
 * result minified, after Infima's custom properties (infima-compat.css) that a Docusaurus site's
 * sheets read. Laid over the theme's sheet (theme-stylesheet.ts), in one file pages link.
 *
 * A sheet only pulls in files of the site's own: inside the site folder (links followed), and
 * not in a content folder, whose pages may be private, nor in `.docsgen/`. A URL from the site's
 * root (`url('/img/logo.png')`) is left as it is, to be served from `static/`.
 */
import { existsSync, realpathSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { Message, Plugin } from 'esbuild'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import { locateInSource } from '../diagnostics/locate-in-source.js'
import type { ResolvedConfig } from './resolve-config.js'

export interface CustomStyles {
  /** The bundled, minified sheet. */
  readonly css: string
  /** The images and fonts it names, as the output holds them (`_docsgen/assets/logo-HASH.png`). */
  readonly assets: readonly { readonly file: string; readonly content: Uint8Array }[]
}

const assetLoaders = Object.fromEntries(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico', '.woff', '.woff2', '.ttf', '.otf', '.eot'].map((extension) => [extension, 'file' as const]))
const ruleId = 'custom-css-invalid'
/** Infima's properties a Docusaurus site's sheets read, laid before them. */
const infimaCompat = new URL('../../client/theme/infima-compat.css', import.meta.url)

/** The bundle of `config.customCss`, or undefined when it names none; every problem as a diagnostic of the config file or the sheet. */
export async function readCustomCss(siteDir: string, config: ResolvedConfig, configFile: { readonly file: string; readonly text: string }): Promise<{ styles: CustomStyles | undefined; diagnostics: Diagnostic[] }> {
  if (config.customCss.length === 0) return { styles: undefined, diagnostics: [] }
  const missing = config.customCss.filter((sheet) => !existsSync(join(siteDir, sheet)))
  if (missing.length > 0) return { styles: undefined, diagnostics: missing.map((sheet) => missingSheet(sheet, configFile)) }
  const { build, transform } = await import('esbuild')
  const outdir = join(siteDir, '.docsgen', 'custom-css')
  try {
    const result = await build({
      stdin: { contents: config.customCss.map((sheet) => `@import ${JSON.stringify(`./${sheet}`)};`).join('\n'), resolveDir: siteDir, sourcefile: 'customCss', loader: 'css' },
      absWorkingDir: siteDir,
      bundle: true,
      minify: true,
      write: false,
      outdir,
      loader: assetLoaders,
      assetNames: `${GENERATED_FOLDER}/assets/[name]-[hash]`,
      publicPath: config.baseUrl,
      plugins: [onlySiteFiles(siteDir, config)],
      logLevel: 'silent',
    })
    const files = result.outputFiles.map((file) => ({ file: relative(outdir, file.path).split(sep).join('/'), content: file.contents }))
    const sheet = files.find((file) => file.file.endsWith('.css') && !file.file.startsWith(`${GENERATED_FOLDER}/`))
    const compat = (await transform(await readFile(infimaCompat, 'utf8'), { loader: 'css', minify: true })).code
    return {
      styles: { css: sheet === undefined ? '' : `${compat}${new TextDecoder().decode(sheet.content)}`, assets: files.filter((file) => file !== sheet) },
      diagnostics: result.warnings.map((warning) => fromEsbuild(warning, 'warning', configFile)),
    }
  } catch (error) {
    const failure = error as { errors?: Message[]; warnings?: Message[] }
    if (!Array.isArray(failure.errors)) throw error
    return { styles: undefined, diagnostics: [...failure.errors.map((found) => fromEsbuild(found, 'error', configFile)), ...(failure.warnings ?? []).map((found) => fromEsbuild(found, 'warning', configFile))] }
  }
}

/** Refuses every file outside the site folder, in a content folder or in .docsgen/, whatever path led to it. */
function onlySiteFiles(siteDir: string, config: ResolvedConfig): Plugin {
  const site = realpathSync(siteDir)
  const content = [config.folders.docs, config.folders.blog, config.folders.pages, ...config.docs.versions.map((version) => version.folder), '.docsgen'].filter((folder) => folder !== '')
  return {
    name: 'docsgen-site-files',
    setup(build) {
      // From the site's root (a file of static/, served as it is), never a path on this machine.
      build.onResolve({ filter: /^\// }, (args) => ({ path: args.path, external: true }))
      build.onLoad({ filter: /.*/ }, (args) => {
        if (args.namespace !== 'file') return undefined
        const path = relative(site, realpathSync(args.path)).split(sep).join('/')
        if (path === '..' || path.startsWith('../') || /^[a-zA-Z]:|^\//.test(path)) return { errors: [{ text: `${args.path} is outside the site folder: a style sheet may only use the site's own files` }] }
        const folder = content.find((name) => path === name || path.startsWith(`${name}/`))
        if (folder !== undefined) return { errors: [{ text: `${path} is in ${folder}/, whose pages may be private: a style sheet may not publish its files. Move it to src/ or static/` }] }
        return undefined
      })
    },
  }
}

function fromEsbuild(found: Message, severity: 'error' | 'warning', configFile: { readonly file: string; readonly text: string }): Diagnostic {
  const location = found.location
  const inSheet = location !== null && location.file !== 'customCss'
  const place = inSheet ? { file: location.file.split(sep).join('/'), line: location.line, column: location.column + 1 } : { file: configFile.file, ...locateInSource(configFile.text, 'customCss') }
  return diagnostic({
    ...place,
    ruleId,
    severity,
    message: `The site's style sheets could not be ${severity === 'error' ? 'bundled' : 'read as written'}: ${found.text}`,
    suggestion: "Fix the sheet, its @import or url() path, or leave it out of customCss.",
  })
}

function missingSheet(sheet: string, configFile: { readonly file: string; readonly text: string }): Diagnostic {
  return diagnostic({
    file: configFile.file,
    ...(locateInSource(configFile.text, sheet) ?? locateInSource(configFile.text, 'customCss')),
    ruleId,
    message: `customCss names ${sheet}, which does not exist`,
    suggestion: "Write the sheet's path from the site folder, as 'src/css/custom.css'.",
  })
}
