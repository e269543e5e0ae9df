/**
 * A hash of everything a route's files are rendered from besides what all pages share: the
 * route, its own inputs (ownInputs), its views without the body (a blog page's hold its sidebar
 * of recent posts: a retitled post renders again every page that lists it), its navbar and the
 * sidebar branches it shows (named after their markup); the public branch comes back with it. Two
 * builds that give a route the same hash, under the same shared inputs, write the same bytes for
 * it, so an incremental build can keep its files.
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
  own: string,
  views: PageViews,
  markups: { readonly public: SidebarMarkupCache; readonly private: SidebarMarkupCache },
  publicItems: readonly SidebarViewItem[] | undefined = views.publicSidebar(route),
): { readonly inputs: string; readonly branch: SidebarBranch | undefined } {
  const hash = createHash('sha1')
  const add = (value: unknown) => hash.update(JSON.stringify(value) ?? '-').update('\0')
  // The branch and the route (in `route`) say what the marked list is.
  const sidebar = (items: readonly SidebarViewItem[] | undefined, markup: SidebarMarkupCache, side: 'public' | 'private'): SidebarBranch | undefined => {
    const branch = items === undefined || items.length === 0 ? undefined : markup.branch(views.sidebarSet(route, side), items)
    add(branch?.file ?? null)
    return branch
  }
  add(route)
  add(own)
  add(views.publicView(route, ''))
  add(views.navbarFor(route))
  // The public branch is also published for client navigation (render-pages.ts).
  const branch = sidebar(publicItems, markups.public, 'public')
  if (route.access.private) {
    // What the gate serves for it: its page data, with the sidebar its readers may see.
    add(views.privateView(route, ''))
    sidebar(views.privateSidebar(route), markups.private, 'private')
  }
  return { inputs: hash.digest('base64url'), branch }
}

/**
 * What a route is rendered from that the manifest does not hold, hashed: its document's body and
 * what else of it the page shows, and `generated`, the HTML the blog puts around or instead of
 * the body (blog-bodies.ts: a list page's excerpts, a post's date and authors). The rest of a
 * page's inputs is the manifest's and the config's: while they are as the last build had them,
 * a route whose own inputs are unchanged renders the same bytes.
 */
export function ownInputs(document: ContentDocument | undefined, generated: string | undefined): string {
  const own = document === undefined ? null : [document.kind, bodyHash(document.body), document.description, document.titled ?? false]
  return createHash('sha1').update(JSON.stringify([own, generated ?? null])).digest('base64url')
}
