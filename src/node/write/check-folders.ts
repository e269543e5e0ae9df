/**
 * The folders a build writes (the output, the private output) must stay apart from each other
 * and from every folder the build reads or keeps: the site, content/ and static/ (or the folders
 * the config names instead: checked again once it is read), the spare of the last output and the cache. Otherwise a second run deploys private pages (an output inside the
 * spare), publishes them (a private folder inside static/) or swaps the sources away (an output
 * that holds the site). Folders are compared by their real paths, so a link cannot hide a clash.
 */
import { existsSync, realpathSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { isInside } from '../files/is-inside.js'
import { withSlashes } from '../files/slash-path.js'

export interface BuildFolders {
  readonly siteDir: string
  readonly outDir: string
  readonly privateDir: string
  readonly spareDir: string
  readonly cacheDir: string
  /** The user's home folder: a written folder may live in it, but may not be it or hold it. */
  readonly homeDir: string
  /**
   * The folders pages are read from and the folder published as it is, relative to the site
   * (default content/ and static/); those the config names (docs/, blog/, a VitePress site's
   * public/) once it has been read. A content folder that is the site itself is the site's.
   */
  readonly sources?: { readonly content: readonly string[]; readonly static: string }
}

interface Folder {
  readonly role: string
  readonly path: string
  readonly real: string
  /** What goes wrong when a written folder overlaps it. */
  readonly why: string
}

const defaultSources = { content: ['content'], static: 'static' }

function suggestionFor(sources: { readonly content: readonly string[]; readonly static: string }): string {
  const named = [...sources.content.filter((folder) => folder !== '.'), sources.static].map((folder) => `${withSlashes(folder)}/`)
  return `Point --out-dir and --private-dir at two separate folders, neither inside the other nor inside ${named.join(', ')}, .docsgen/spare or .docsgen/cache (the defaults are build and .docsgen/private).`
}

export function checkFolders(folders: BuildFolders): Diagnostic[] {
  const folder = (role: string, path: string, why: string): Folder => ({ role, path, real: realPathOf(path), why })
  const site = folder('site', folders.siteDir, 'which holds the sources')
  const output = folder('output', folders.outDir, 'which is deployed')
  const written = [output, folder('private', folders.privateDir, 'whose pages must never be deployed')]
  const sources = folders.sources ?? defaultSources
  const suggestion = suggestionFor(sources)
  const content = sources.content.map((name) => folder('content', join(folders.siteDir, name), 'whose files are read as pages')).filter((one) => one.real !== site.real)
  const kept = [
    site,
    ...content,
    folder('static', join(folders.siteDir, sources.static), 'whose files are published as they are'),
    folder('spare', folders.spareDir, 'where the last output, private pages included, is kept for the next build'),
    folder('cache', folders.cacheDir, 'where compiled pages are kept'),
  ]
  const home = folder('home', folders.homeDir, 'which the build would swap away and later empty')
  const problems: Diagnostic[] = []
  const report = (one: Folder, relation: string, other: Folder) =>
    problems.push(
      diagnostic({
        file: '.',
        ruleId: 'config-invalid',
        message: `The ${one.role} folder ${show(one, site)} ${relation} the ${other.role} folder ${show(other, site)}, ${other.why}`,
        suggestion,
      }),
    )
  for (const [index, one] of written.entries()) {
    // A folder that holds the whole site clashes with everything in it: name that once.
    const holdsSite = isInside(one.real, site.real)
    if (holdsSite) report(one, site.real === one.real ? 'is' : 'contains', site)
    if (isInside(one.real, home.real)) report(one, home.real === one.real ? 'is' : 'contains', home)
    for (const other of [...kept.slice(1), ...written.slice(index + 1)]) {
      if (holdsSite && isInside(site.real, other.real)) continue
      const relation = one.real === other.real ? 'is' : isInside(other.real, one.real) ? 'is inside' : isInside(one.real, other.real) ? 'contains' : undefined
      if (relation !== undefined) report(one, relation, other)
    }
  }
  return problems
}

/** The real path of a folder that may not exist yet: its deepest existing ancestor resolved, the rest appended. */
function realPathOf(path: string): string {
  if (existsSync(path)) return realpathSync.native(path)
  const parent = dirname(path)
  return parent === path ? path : join(realPathOf(parent), basename(path))
}


/** The folder as the user named it (relative to the site when inside it), and where it really is when a link leads elsewhere. */
function show(folder: Folder, site: Folder): string {
  const named = displayPath(folder.path, site.path)
  const real = displayPath(folder.real, site.real)
  return named === real ? `"${named}"` : `"${named}" (really "${real}")`
}

function displayPath(path: string, siteDir: string): string {
  const inside = relative(siteDir, path)
  if (inside === '') return '.'
  return isInside(siteDir, path) ? withSlashes(inside) : path
}
