/**
 * The items of each collapsible category of the public sidebar, fetched by the runtime when a
 * reader opens a category whose items the page did not bring (a page carries only its own
 * branch, so its size does not grow with the site). Built from the public sidebar only.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { SidebarList } from '../../client/theme/SidebarList.js'
import { sidebarDataFile, type SidebarData } from '../../shared/page-data.js'
import type { PageViews } from '../render/page-views.js'

export function sidebarDataFiles(views: Pick<PageViews, 'publicCategories'>): { file: string; content: string }[] {
  return views.publicCategories().map(({ place, items }) => {
    const data: SidebarData = { format: 1, html: renderToStaticMarkup(createElement(SidebarList, { items, currentHref: '' })) }
    return { file: sidebarDataFile(place), content: JSON.stringify(data) }
  })
}
