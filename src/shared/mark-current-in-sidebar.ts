/**
 * Marks the current page in sidebar markup rendered with no current page (`currentHref` ''), so
 * one rendering serves every page of a branch: the build marks it in each page, the browser runtime
 * in the branch it loads on client navigation. The result equals rendering with `currentHref`
 * (test/node/render/sidebar-markup.test.ts checks that on real sites).
 */
import { escapeHtml } from './escape-html.js'

export function markCurrentInSidebar(html: string, currentHref: string): string {
  const href = escapeHtml(currentHref)
  return html
    .replace(`<a class="sidebar-link" href="${href}">`, `<a class="sidebar-link sidebar-link--active" href="${href}" aria-current="page">`)
    .replace(
      `<a class="sidebar-link sidebar-category-label" href="${href}">`,
      `<a class="sidebar-link sidebar-category-label sidebar-link--active" href="${href}" aria-current="page">`,
    )
}
