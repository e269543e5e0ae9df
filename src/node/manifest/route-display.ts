/**
 * A page's front matter display keys, turned into what the manifest keeps: pagination doc ids
 * into routes (an id no doc has is reported), tags into the routes of their pages.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { RouteDisplay } from '../../shared/manifest.js'
import type { ContentDocument } from '../content/parse-content.js'

export function routeDisplay(
  document: ContentDocument,
  docsById: ReadonlyMap<string, ContentDocument>,
  tagPaths: ReadonlyMap<string, string>,
  diagnostics: Diagnostic[],
): RouteDisplay {
  const { display } = document
  const target = (key: 'pagination_prev' | 'pagination_next', id: string | null | undefined): string | null | undefined => {
    if (id === null || id === undefined) return id
    const found = docsById.get(id)
    if (found) return found.route
    diagnostics.push(
      diagnostic({
        file: document.file,
        ruleId: 'front-matter-invalid',
        message: `Front matter "${key}" names the doc "${id}", which does not exist`,
        suggestion: 'Write the id of a doc (its path under the docs folder without the extension, such as "Guides/intro"), or null for no link.',
      }),
    )
    return undefined
  }
  return {
    unlisted: display.unlisted,
    hideTitle: display.hideTitle,
    hideTableOfContents: display.hideTableOfContents,
    tocMinHeadingLevel: display.tocMinHeadingLevel,
    tocMaxHeadingLevel: display.tocMaxHeadingLevel,
    keywords: display.keywords,
    tags: display.tags.map((tag) => ({ label: tag.label, path: tagPaths.get(tag.label) })),
    previous: target('pagination_prev', display.paginationPrev),
    next: target('pagination_next', display.paginationNext),
    titleId: display.titleId,
  }
}
