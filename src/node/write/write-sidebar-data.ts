/**
 * The public sidebar's lists that pages do not carry whole, published once: the items of each
 * collapsible category, fetched by the runtime when a reader opens a category whose items the
 * page did not bring, and each long list a page draws only part of (see sidebar-window.ts), as
 * data the runtime draws the rest from and as a page listing it whole for readers without the
 * runtime. A page carries only its own branch, so its size does not grow with the site. Built
 * from the public sidebar only.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Page } from '../../client/theme/Page.js'
import { SidebarList } from '../../client/theme/SidebarList.js'
import { sidebarDataFile, sidebarListPage, type SidebarData } from '../../shared/page-data.js'
import type { PageView } from '../../shared/page-view.js'
import { htmlDocument } from '../render/html-document.js'
import type { PageViews } from '../render/page-views.js'

/**
 * The files, each with its content made when asked: they are made of the manifest and the config
 * alone, so an incremental build keeps the last build's while those are as they were
 * (publish-site.ts), and rendering a 10 000-doc site's lists again cost 0.15 s.
 */
export function sidebarDataFiles(views: Pick<PageViews, 'publicLists' | 'site'>, stylesheets: readonly string[]): { file: string; content: () => string }[] {
  return views.publicLists().flatMap(({ place, label, items, long }) => {
    let html: string | undefined
    const list = () => (html ??= renderToStaticMarkup(createElement(SidebarList, { items, currentHref: '' })))
    const json = { file: sidebarDataFile(place), content: () => JSON.stringify({ format: 1, html: list() } satisfies SidebarData) }
    return long ? [json, { file: sidebarListPage(place), content: () => listPage(views.site, stylesheets, place, label, list()) }] : [json]
  })
}

/** A plain page of the site around one list: no scripts, since only readers without them come here. */
function listPage(site: PageViews['site'], stylesheets: readonly string[], place: string, label: string | undefined, list: string): string {
  const page: PageView = {
    path: `/${sidebarListPage(place)}`,
    kind: 'page',
    title: label ?? 'Documentation',
    hideTitle: false,
    titleId: undefined,
    unlisted: true,
    keywords: [],
    tags: [],
    description: undefined,
    bodyHtml: `<nav class="sidebar-nav" aria-label="Docs sidebar">${list}</nav>`,
    toc: [],
    breadcrumbs: [],
    cards: [],
    previous: undefined,
    next: undefined,
    gated: false,
    layout: 'plain',
  }
  const body = renderToStaticMarkup(createElement(Page, { site, page, sidebar: undefined }))
  return htmlDocument({ site, page, body, stylesheets, redirectTo: undefined, noIndex: true })
}
