/**
 * The modules the MDX pages are bundled from (mdx-pages.ts): one per page, except that the files
 * of one text share one module that reads each page's URLs at render time (mdx-parser.ts), so a
 * site whose versions repeat the same docs bundles, loads and keeps each text once. A shared
 * module imports the shared modules of the partials it shows (each page's record of URLs holds
 * theirs too) and packages, when the page's folder finds them where the site's folder does.
 */
import { existsSync } from 'node:fs'
import { join, posix } from 'node:path'
import type { Heading } from '../../shared/manifest.js'
import { programReadingLinks, readSharedProgram, type SharedProgram } from './mdx-parser.js'
import { headingsOf, partialFile } from './mdx-partials.js'
import type { MdxPage } from './parse-mdx.js'

/** A page's URLs by shared module number: its own module's and those of the partials it shows. */
export type ModuleLinks = Readonly<Record<number, readonly string[]>>

export interface MdxModules {
  /** `mdx-page:<file>` for a page of its own, `mdx-text:<n>` for the nth shared module. */
  readonly entries: string[]
  readonly shared: string[]
  /** Each page's entry, and the URLs its shared modules read. */
  readonly pages: Map<string, { readonly entry: string; readonly links?: ModuleLinks }>
  /** The files each shared module (`mdx-text:<n>`) serves, pages and partials: a problem in it is theirs. */
  readonly filesOf: Map<string, string[]>
}

/** What the render thread's pages read their links from (mdx-page-worker.ts sets it). */
const linksRead = 'globalThis.__docsgenLinks'

/** The module of a compiled program: the program, with the `toc` Docusaurus pages refer to. */
export function moduleOf(program: string, headings: readonly Heading[]): string {
  return program.includes('toc') && /\b(?:const|let|var|function)\s+toc\b/.test(program) ? program : `${program}\nexport const toc = ${tocOf(headings)};\n`
}

const tocOf = (headings: readonly Heading[]) => JSON.stringify(headings.filter((heading) => heading.depth >= 2).map((heading) => ({ value: heading.text, id: heading.id, level: heading.depth })))

/** The entry of each of `files` (the pages, in order) that compiled. */
export function planMdxModules(files: readonly string[], parsed: ReadonlyMap<string, MdxPage>, siteDir: string): MdxModules {
  const modules: MdxModules = { entries: [], shared: [], pages: new Map(), filesOf: new Map() }
  const sharedOf = sharedModules(parsed, modules, packagesLikeSite(siteDir))
  const entries = new Set<string>()
  for (const file of files) {
    if (parsed.get(file)?.program === undefined) continue
    const shared = sharedOf(file)
    const entry = shared === undefined ? `mdx-page:${file}` : `mdx-text:${shared.index}`
    if (!entries.has(entry)) modules.entries.push(entry)
    entries.add(entry)
    modules.pages.set(file, shared === undefined ? { entry } : { entry, links: shared.links })
  }
  return modules
}

interface Shared {
  readonly index: number
  readonly links: ModuleLinks
}

/**
 * The shared module of a file, made the first time it is asked for; undefined when the file needs
 * a module of its own: its program was compiled for it alone, cannot be shared (readSharedProgram),
 * imports a path that is not a partial, a partial that does not compile, or a package from a
 * folder that may find another copy of it, or shows two partials of one module with other URLs.
 */
function sharedModules(parsed: ReadonlyMap<string, MdxPage>, modules: MdxModules, likeSite: (folder: string) => boolean): (file: string) => Shared | undefined {
  const programs = new Map<string, SharedProgram | undefined>()
  /** By program (one string for every file of a text), then by what else the module holds. */
  const numbers = new Map<string, Map<string, number>>()
  const made = new Map<string, Shared | undefined>()
  const reading = new Set<string>()
  const sharedOf = (file: string): Shared | undefined => {
    if (!made.has(file)) {
      reading.add(file)
      made.set(file, sharedModuleOf(file))
      reading.delete(file)
    }
    return made.get(file)
  }
  const sharedModuleOf = (file: string): Shared | undefined => {
    const page = parsed.get(file)
    if (page?.program === undefined || page.linksApart === undefined) return undefined
    if (!programs.has(page.program)) programs.set(page.program, readSharedProgram(page.program, page.linksApart.nonce))
    const program = programs.get(page.program)
    if (program === undefined) return undefined
    const sources = new Map<string, string>()
    const links: Record<number, readonly string[]> = {}
    for (const { value } of program.sources) {
      const partial = partialFile(file, value)
      if (partial === undefined) {
        // docsgen's own module names are given only to what docsgen writes (mdx-pages.ts): a page that writes one keeps a module of its own, where they name nothing.
        if (/^[./]/.test(value) || /^mdx-(page|text|file):/.test(value) || !likeSite(posix.dirname(file))) return undefined
        continue
      }
      // A file that shows itself, through other partials or not, has a module of its own.
      if (parsed.get(partial)?.program === undefined || reading.has(partial)) return undefined
      const shown = sharedOf(partial)
      sources.set(value, shown === undefined ? `mdx-file:${partial}` : `mdx-text:${shown.index}`)
      if (shown !== undefined && !addLinks(links, shown.links)) return undefined
    }
    const headings = headingsOf(file, parsed)
    const key = `${JSON.stringify([...sources])}\u0000${tocOf(headings)}`
    const byKey = numbers.get(page.program) ?? new Map<string, number>()
    numbers.set(page.program, byKey)
    if (!byKey.has(key)) {
      byKey.set(key, modules.shared.length)
      modules.shared.push(moduleOf(programReadingLinks(program, `${linksRead}[${modules.shared.length}]`, sources), headings))
    }
    const index = byKey.get(key)!
    if (!addLinks(links, { [index]: page.linksApart.urls })) return undefined
    const entry = `mdx-text:${index}`
    if (!modules.filesOf.has(entry)) modules.filesOf.set(entry, [])
    modules.filesOf.get(entry)!.push(file)
    return { index, links }
  }
  return sharedOf
}

/** Adds `more` to `links`; false if a module in both is given other URLs (one page, two partials of one text). */
function addLinks(links: Record<number, readonly string[]>, more: ModuleLinks): boolean {
  for (const [index, urls] of Object.entries(more)) {
    const known = links[Number(index)]
    if (known !== undefined && (known.length !== urls.length || known.some((url, at) => url !== urls[at]))) return false
    links[Number(index)] = urls
  }
  return true
}

/** Files that change how a package is found from a folder (a nearer copy, the package's own name, paths, `imports`). */
const resolutionFiles = ['node_modules', 'package.json', 'tsconfig.json', 'jsconfig.json']

/**
 * Whether a package imported from a site-relative folder is the one found from the site's folder:
 * no folder between them has a file that changes how packages are found.
 */
function packagesLikeSite(siteDir: string): (folder: string) => boolean {
  const known = new Map<string, boolean>()
  const likeSite = (folder: string): boolean => {
    if (folder === '.') return true
    if (folder === '..' || folder.startsWith('../')) return false
    if (!known.has(folder)) known.set(folder, !resolutionFiles.some((name) => existsSync(join(siteDir, folder, name))) && likeSite(posix.dirname(folder)))
    return known.get(folder)!
  }
  return likeSite
}
