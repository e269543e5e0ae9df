/**
 * How the links of MDX pages, and of the partials they show, are rewritten to published URLs,
 * made from plain data so that every thread that parses MDX pages makes the same rewriters. A
 * partial's links are read from the partial's own folder, on the page that shows it.
 */
import { createLinkRewriter, linkTargetsOf, type LinkStyle, type LinkTables } from './content-document.js'
import type { RewriteLink } from './parse-markdown.js'
import type { ContentFile } from './read-content.js'

export interface MdxLinks extends LinkTables, LinkStyle {
  /** The MDX pages: where each sits in its section and what kind of page it is. */
  readonly pages: readonly Pick<ContentFile, 'file' | 'relative' | 'kind'>[]
  /** The site's section folders (docs, each version's docs, blog, pages), site-relative. */
  readonly sections: readonly string[]
}

/** A file's rewriter, with the files beside the pages its links reach (filled as it rewrites). */
export type MdxRewriterFor = (file: string) => { readonly rewrite: RewriteLink; readonly assets: Set<string> }

export function mdxLinkRewriters(links: MdxLinks): MdxRewriterFor {
  const targets = linkTargetsOf(links)
  const byFile = new Map(links.pages.map((page) => [page.file, page]))
  return (file) => {
    const page = byFile.get(file)
    const assets = new Set<string>()
    const relative = page?.relative ?? placeInSection(file, links.sections)
    const source = { file, relative, kind: page?.kind === 'page' ? ('page' as const) : ('doc' as const), route: targets.routeOfFile.get(file) ?? '/' }
    return { rewrite: createLinkRewriter(links, targets, source, assets), assets }
  }
}

/**
 * A partial is not a page: its place in its section is its path after the section's folder, the
 * longest that holds it (`website/versioned_docs/version-1` before `website`); a file outside
 * every section is placed from the site's folder.
 */
function placeInSection(file: string, sections: readonly string[]): string {
  const section = sections.filter((folder) => folder !== '' && file.startsWith(`${folder}/`)).reduce((longest, folder) => (folder.length > longest.length ? folder : longest), '')
  return section === '' ? file : file.slice(section.length + 1)
}

/** The link data of MDX pages, picked from what a parse job carries (a worker receives a copy: nothing more). */
export function mdxLinks(tables: LinkTables & LinkStyle, pages: readonly Pick<ContentFile, 'file' | 'relative' | 'kind'>[], sections: readonly string[]): MdxLinks {
  const { routeOfFile, assetOfFile, staticOfFile, drafts, baseUrl, trailingSlash, baseUrlInLinks } = tables
  return { routeOfFile, assetOfFile, staticOfFile, drafts, baseUrl, trailingSlash, baseUrlInLinks, pages: pages.map(({ file, relative, kind }) => ({ file, relative, kind })), sections }
}
