/**
 * A hash of everything a route's files are rendered from besides what all pages share: the
 * route, its views without the body, the body's hash, its navbar and the sidebar branches it
 * shows (named after their markup); the public branch comes back with it. Two builds that give a route the same hash, under the same
 * shared inputs, write the same bytes for it, so an incremental build can keep its files.
 */
import { createHash } from 'node:crypto'
import type { Route } from '../../shared/manifest.js'
import { bodyHash } from '../content/page-bodies.js'
import type { ContentDocument } from '../content/parse-content.js'
import type { PageViews } from './page-views.js'
import type { SidebarBranch, SidebarMarkupCache } from './sidebar-markup.js'
import type { SidebarViewItem } from '../../shared/page-view.js'

export function pageInputs(
  route: Route,
  document: ContentDocument | undefined,
  views: PageViews,
  markups: { readonly public: SidebarMarkupCache; readonly private: SidebarMarkupCache },
  publicItems: readonly SidebarViewItem[] | undefined = views.publicSidebar(route),
): { readonly inputs: string; readonly branch: SidebarBranch | undefined } {
  const hash = createHash('sha1')
  const add = (value: unknown) => hash.update(JSON.stringify(value) ?? '-').update('\0')
  // The branch and the route (in `route`) say what the marked list is.
  const sidebar = (items: readonly SidebarViewItem[] | undefined, markup: SidebarMarkupCache): SidebarBranch | undefined => {
    const branch = items === undefined || items.length === 0 ? undefined : markup.branch(items)
    add(branch?.file ?? null)
    return branch
  }
  add(route)
  add(document === undefined ? null : [document.kind, bodyHash(document.body), document.description])
  add(views.publicView(route, ''))
  add(views.navbarFor(route))
  // The public branch is also published for client navigation (render-pages.ts).
  const branch = sidebar(publicItems, markups.public)
  if (route.access.private) {
    // What the gate serves for it: its page data, with the sidebar its readers may see.
    add(views.privateView(route, ''))
    sidebar(views.privateSidebar(route), markups.private)
  }
  return { inputs: hash.digest('base64url'), branch }
}
