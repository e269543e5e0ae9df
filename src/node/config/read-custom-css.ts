/**
 * The site's own style sheets (`customCss`), bundled into one: their `@import`s inlined, the
 * images and fonts their `url()`s name published under `_docsgen/assets/` by content hash, the
 * result minified. Laid over the theme's sheet, after Infima's custom properties that a Docusaurus
 * site's sheets read (theme-stylesheet.ts), in one file pages link.
 *
 * A sheet only pulls in files of the site's own: inside the site folder (links followed) or a
 * package installed above it (a monorepo's node_modules/), not in
 * `.docsgen/` or the private output, and, on a site with private pages, not in a content folder.
 * A URL from the site's root (`url('/img/logo.png')`) is the file of `static/` it names.
 */
import { existsSync, realpathSync, statSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import type { Message, Plugin } from 'esbuild'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import { locateInSource } from '../diagnostics/locate-in-source.js'
import { isInside } from '../files/is-inside.js'
import { unresolvedPackageSuggestion } from '../workers/unresolved-package.js'
import type { ResolvedConfig } from './resolve-config.js'
import { slashRelative, withSlashes } from '../files/slash-path.js'

export interface CustomStyles {
  /**
   * The `@import`s of files the bundle does not hold (a web font's sheet, `/x.css` of static/):
   * first in the stylesheet, as a browser ignores an `@import` after other rules.
   */
  readonly imports: string
  /** The rest of the bundled, minified sheets. */
  readonly css: string
  /** The images and fonts it names, as the output holds them (`_docsgen/assets/logo-HASH.png`). */
  readonly assets: readonly { readonly file: string; readonly content: Uint8Array }[]
}

const assetLoaders = Object.fromEntries(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico', '.woff', '.woff2', '.ttf', '.otf', '.eot'].map((extension) => [extension, 'file' as const]))
const ruleId = 'custom-css-invalid'

/**
 * The bundle of `config.customCss`, or undefined when it names none; every problem as a diagnostic
 * of the config file or the sheet. `privateDir`: where the build writes private pages, never read.
 */
export async function readCustomCss(
  siteDir: string,
  config: ResolvedConfig,
  configFile: { readonly file: string; readonly text: string },
  privateDir: string = join(siteDir, '.docsgen', 'private'),
): Promise<{ styles: CustomStyles | undefined; diagnostics: Diagnostic[] }> {
  if (config.customCss.length === 0) return { styles: undefined, diagnostics: [] }
  const missing = config.customCss.filter((sheet) => !existsSync(join(siteDir, sheet)))
  if (missing.length > 0) return { styles: undefined, diagnostics: missing.map((sheet) => missingSheet(sheet, configFile)) }
  const { build } = await import('esbuild')
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
      plugins: [onlySiteFiles(siteDir, config, privateDir)],
      // Sheets only: the site's tsconfig.json (often extending a package not installed) is no concern of theirs.
      tsconfigRaw: '{}',
      logLevel: 'silent',
    })
    const files = result.outputFiles.map((file) => ({ file: slashRelative(outdir, file.path), content: file.contents }))
    const sheet = files.find((file) => file.file.endsWith('.css') && !file.file.startsWith(`${GENERATED_FOLDER}/`))
    const { imports, rules } = leadingImports(sheet === undefined ? '' : new TextDecoder().decode(sheet.content))
    return {
      styles: { imports, css: rules, assets: files.filter((file) => file !== sheet) },
      diagnostics: result.warnings.map((warning) => fromEsbuild(warning, 'warning', configFile)),
    }
  } catch (error) {
    const failure = error as { errors?: Message[]; warnings?: Message[] }
    if (!Array.isArray(failure.errors)) throw error
    return { styles: undefined, diagnostics: [...failure.errors.map((found) => fromEsbuild(found, 'error', configFile)), ...(failure.warnings ?? []).map((found) => fromEsbuild(found, 'warning', configFile))] }
  }
}

/**
 * Refuses every file outside the site folder, in .docsgen/ or the private output, or (on a site
 * with private pages) in a content folder, whatever path led to it; and anything but a plain file
 * (a named pipe would never end).
 */
function onlySiteFiles(siteDir: string, config: ResolvedConfig, privateDir: string): Plugin {
  // The system's own resolution: on a file system that ignores case, it also gives each name as it is on disk.
  const site = realpathSync.native(siteDir)
  const real = (folder: string) => (existsSync(folder) ? realpathSync.native(folder) : folder)
  const named = (folder: string) => ({ name: slashRelative(site, real(folder)) || '.', path: real(resolve(site, folder)) })
  const never = [named(join(site, '.docsgen')), named(resolve(siteDir, privateDir))]
  const withPrivatePages = (config.login?.privatePaths.length ?? 0) > 0
  const folders = [config.folders.docs, config.folders.blog, config.folders.pages, ...config.docs.versions.map((version) => version.folder)]
  const content = withPrivatePages ? folders.filter((folder) => folder !== '').map((folder) => named(resolve(site, folder))) : []
  // A site whose pages are the whole folder (VitePress's): its config and theme, packages and static files are not pages.
  const staticFolder = resolve(site, config.folders.static ?? 'static')
  const notPages = [join(site, '.vitepress'), join(site, 'node_modules'), staticFolder]
  const refusedBy = (path: string) => [...never, ...content].find((candidate) => isInside(candidate.path, path) && !(candidate.path === site && notPages.some((kept) => isInside(kept, path))))
  // Where a refused file belongs: a sheet with the site's own styles (VitePress's in its theme's folder) unless
  // that is in a content folder too, any other file in the static folder, from whose root a sheet names it.
  const sheetHome = config.folders.layout === 'vitepress' ? '.vitepress/theme' : 'src/css'
  const homeFor = (path: string) => (/\.css$/i.test(path) && refusedBy(resolve(site, sheetHome)) === undefined ? sheetHome : slashRelative(site, staticFolder))
  return {
    name: 'docsgen-site-files',
    setup(build) {
      // From the site's root: the file of static/ it names, published with the sheets' own files (under the
      // base URL, as Docusaurus resolves it), or else left as written; never a path on this machine.
      build.onResolve({ filter: /^\// }, (args) => {
        const inStatic = join(staticFolder, ...args.path.split('?')[0]!.split('#')[0]!.split('/'))
        return isInside(staticFolder, inStatic) && existsSync(inStatic) ? { path: inStatic } : { path: args.path, external: true }
      })
      // Docusaurus's alias for the site's folder (`url('@site/static/img/card.png')`); onLoad below refuses what it leaves.
      build.onResolve({ filter: /^@site\// }, (args) => build.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: siteDir, kind: args.kind }))
      build.onLoad({ filter: /.*/ }, (args) => {
        if (args.namespace !== 'file') return undefined
        const path = realpathSync.native(args.path)
        const shown = slashRelative(site, path)
        if (!isInside(site, path) && !installedAbove(site, path)) return refuse(`${args.path} is outside the site folder: a style sheet may only use the site's own files`)
        const folder = refusedBy(path)
        if (folder !== undefined) return refuse(`${shown} is in ${folder.name}/, whose pages may be private: a style sheet may not publish its files. Move it to ${homeFor(path)}/`)
        if (!statSync(path).isFile()) return refuse(`${shown} is not a plain file`)
        return undefined
      })
    },
  }
}

/** A file of a package installed in a folder that holds the site (a monorepo's hoisted node_modules/). */
function installedAbove(site: string, path: string): boolean {
  const packages = path.lastIndexOf(`${sep}node_modules${sep}`)
  return packages !== -1 && isInside(path.slice(0, packages) || sep, site)
}

function refuse(text: string): { errors: { text: string }[] } {
  return { errors: [{ text }] }
}

/** The `@import` rules a minified sheet starts with, and the rest. */
function leadingImports(css: string): { imports: string; rules: string } {
  const match = /^(?:@import\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|url\((?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^)]*)\))[^;]*;\s*)+/.exec(css)
  return match === null ? { imports: '', rules: css } : { imports: match[0], rules: css.slice(match[0].length) }
}

function fromEsbuild(found: Message, severity: 'error' | 'warning', configFile: { readonly file: string; readonly text: string }): Diagnostic {
  const location = found.location
  const inSheet = location !== null && location.file !== 'customCss'
  const place = inSheet ? { file: withSlashes(location.file), line: location.line, column: location.column + 1 } : { file: configFile.file, ...locateInSource(configFile.text, 'customCss') }
  return diagnostic({
    ...place,
    ruleId,
    severity,
    message: `The site's style sheets could not be ${severity === 'error' ? 'bundled' : 'read as written'}: ${found.text}`,
    // A package's sheet (`@import "some-theme/styles.css"`) is missing because the site's packages are not installed.
    suggestion: unresolvedPackageSuggestion(found.text) ?? "Fix the sheet, its @import or url() path, or leave it out of customCss.",
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
