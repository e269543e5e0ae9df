/**
 * Partials as the pages that show them see them: which file an import names, and the headings a
 * page has with those of its partials, where it shows them.
 */
import { posix } from 'node:path'
import type { Heading } from '../../shared/manifest.js'
import type { MdxPage } from './parse-mdx.js'
import type { IncludedFile } from './parsed-page.js'

/** A partial a page imports (`./_setup.mdx`, `@site/docs/_setup.md`), site-relative; undefined for anything else or outside the site. */
export function partialFile(from: string, source: string): string | undefined {
  if (!/\.mdx?$/.test(source)) return undefined
  const path = source.startsWith('@site/') ? posix.normalize(source.slice('@site/'.length)) : source.startsWith('.') ? posix.join(posix.dirname(from), source) : undefined
  // Pages of a docs folder outside the site (a Docusaurus config's `path: '../docs'`) may import partials of that folder.
  const outside = /^(\.\.\/)+[^/]+\//.exec(from)?.[0]
  // A name that begins with ".." ("..shared/") is a folder of the site; only ".." itself climbs.
  const climbs = (relative: string) => relative === '..' || relative.startsWith('../')
  const inside = path !== undefined && (!climbs(path) || (outside !== undefined && path.startsWith(outside) && !climbs(path.slice(outside.length))))
  return !inside || posix.isAbsolute(path) ? undefined : path
}

/** The file's headings, those of the partials it shows included. */
export function headingsOf(file: string, parsed: ReadonlyMap<string, MdxPage>, seen = new Set<string>()): Heading[] {
  const page = parsed.get(file)
  if (!page || seen.has(file)) return []
  seen.add(file)
  return page.outline.flatMap((entry) => {
    if (!('partial' in entry)) return [entry]
    const partial = partialFile(file, page.imports.get(entry.partial) ?? '')
    // A partial's own title heading is a heading where it is shown.
    return partial === undefined ? [] : headingsOf(partial, parsed, new Set(seen))
  })
}

/**
 * Every Markdown file a page imports, directly or through other partials, whether it compiled or
 * not; each at the page's import that leads to it.
 */
export function partialsShown(file: string, parsed: ReadonlyMap<string, MdxPage>): IncludedFile[] {
  const found = new Map<string, IncludedFile>()
  const visit = (from: string, place: { line?: number; column?: number } | undefined) => {
    const page = parsed.get(from)
    for (const source of page?.imports.values() ?? []) {
      const partial = partialFile(from, source)
      if (partial === undefined || found.has(partial)) continue
      const at = place ?? page?.importPlaces.get(source)
      found.set(partial, { file: partial, ...at })
      visit(partial, at ?? {})
    }
  }
  visit(file, undefined)
  return [...found.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
}
