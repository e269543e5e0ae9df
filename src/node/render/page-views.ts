/**
 * Manifest → what the theme draws. Everything site-wide (the public sidebar, its order for
 * previous/next links, which routes each category holds) is computed once here; per page only
 * the branch leading to the page is expanded, so a page's size does not grow with the site.
 */
import { canonicalPath, routeCollisionKey, safeDecode, siteHref, toHref, underBaseUrl } from '../../shared/canonical-path.js'
import type { Manifest, Route, SidebarItem } from '../../shared/manifest.js'
import { PRIVATE_SHELL_TITLE, type Breadcrumb, type CategoryCard, type PageLink, type PageView, type SidebarViewItem, type SiteView, type TocEntry } from '../../shared/page-view.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { publicSidebar as publicSidebarItems, visibleSidebar } from '../manifest/public-sidebar.js'
import { createVersionViews } from './version-views.js'
import { fillDocCardLists } from './fill-doc-card-lists.js'
import { sidebarListPage } from '../../shared/page-data.js'
import { SIDEBAR_WINDOW, shownRange, windowBlock } from './sidebar-window.js'
import { editLinkOf } from './edit-link.js'
import { createBlogSidebarView } from './blog-sidebar-view.js'
import { hasGroups } from '../../shared/has-groups.js'

/** A list of the sidebar drawn whole. */
export interface SidebarListView {
  /** The place of its category ('' for the top level). */
  readonly place: string
  /** Its category's label (none for the top level). */
  readonly label: string | undefined
  readonly items: readonly SidebarViewItem[]
  /** Pages draw only part of it (see sidebar-window.ts), so it also gets a page for readers without the runtime. */
  readonly long: boolean
}

export interface PageViews {
  readonly site: SiteView
  /** The view of a public route (of any route, when privatePages is 'client-only'). */
  readonly publicView: (route: Route, bodyHtml: string) => PageView
  /**
   * The full view of a private route, for the private output only. Its sidebar, cards and
   * previous/next links show only what every reader of the route may open (the routes that need
   * no group it does not need), so one group's titles never reach another group's readers.
   */
  readonly privateView: (route: Route, bodyHtml: string) => PageView
  readonly publicSidebar: (route: Route) => readonly SidebarViewItem[] | undefined
  readonly privateSidebar: (route: Route) => readonly SidebarViewItem[] | undefined
  /**
   * Which view of which sidebar a route's public or private sidebar is: the same for two routes
   * exactly when their sidebars differ only in which categories are open and which link is current.
   */
  readonly sidebarSet: (route: Route, side: 'public' | 'private') => string
  /** The sign-in shell: one page for every path under a private rule, naming none of them. */
  readonly shellView: () => PageView
  /** The lists of the public sidebar the runtime may load (see listViews). */
  readonly publicLists: () => SidebarListView[]
  readonly navbarFor: (route: Route) => SiteView
}

/** The sign-in shell's view: the one page answered for every path under a private rule, naming none of them. */
const shellView: PageView = {
  path: '',
  kind: 'page',
  title: PRIVATE_SHELL_TITLE,
  hideTitle: false,
  titleId: undefined,
  unlisted: false,
  keywords: [],
  tags: [],
  description: undefined,
  bodyHtml: '',
  toc: [],
  breadcrumbs: [],
  cards: [],
  previous: undefined,
  next: undefined,
  gated: true,
  layout: 'plain',
}

/** The headings a page's table of contents lists: its own levels, else the site's. */
function tocOf(route: Route, config: ResolvedConfig): TocEntry[] {
  const display = route.display
  if (display?.hideTableOfContents) return []
  const min = display?.tocMinHeadingLevel ?? config.tableOfContents.minHeadingLevel
  const max = display?.tocMaxHeadingLevel ?? Math.max(min, config.tableOfContents.maxHeadingLevel)
  return route.headings.filter((heading) => heading.depth >= min && heading.depth <= max).map((heading) => ({ depth: heading.depth, id: heading.id, text: heading.text }))
}

/** Views made, by manifest and config: a build asks for them in several places (rendering, the sidebar data, the shell), each a walk of every sidebar. */
const made = new WeakMap<Manifest, WeakMap<ResolvedConfig, PageViews>>()

/** The views of a site; the same object for the same manifest and config (both are never changed once made). */
export function createPageViews(manifest: Manifest, config: ResolvedConfig): PageViews {
  const byConfig = made.get(manifest) ?? made.set(manifest, new WeakMap()).get(manifest)!
  const known = byConfig.get(config)
  if (known !== undefined) return known
  const views = makePageViews(manifest, config)
  byConfig.set(config, views)
  return views
}

function makePageViews(manifest: Manifest, config: ResolvedConfig): PageViews {
  const routes = new Map(manifest.routes.map((route) => [route.path, route]))
  const href: HrefOf = (path, hash) => siteHref(config.baseUrl, path, hash)
  // A site that publishes its private pages (client-only) shows them like public ones.
  const published = config.privatePages === 'client-only'
  const isPrivate = (path: string) => !published && (routes.get(path)?.access.private ?? false)
  const sidebarSets = sidebarSetsOf(manifest, routes, isPrivate, href)
  const noSidebar = { publicIndex: indexSidebar([], href), forGroups: () => ({ index: indexSidebar([], href), sidebar: () => [] }) }
  const setOf = (route: Route) => (route.sidebar === undefined ? undefined : sidebarSets.get(route.sidebar))
  const groupsOf = (route: Route) => (route.access.private ? route.access.groups : [])
  const docsRoot = routes.get(manifest.version.path) ?? routes.get(`${manifest.version.path}/`)
  const isPublicLink = publicLinkTest(manifest, published)
  const versions = createVersionViews(manifest, routes, isPrivate, href, config.title)
  const navbarItems = config.navbar.items.filter(isPublicLink)
  const site = siteView(config, navbarItems, isPublicLink, href, docsRoot === undefined ? undefined : (docsRoot.redirectTo ?? docsRoot.path))
  // Navbar links are matched to pages by the route they open, not by their (base-prefixed) href.
  const navbarRoutes = navbarItems.map((item) => (item.to === undefined ? undefined : safeDecode(item.to.split(/[?#]/)[0]!)))

  const blogTags = `${config.blog.routeBasePath.replace(/\/$/, '')}/tags/`
  const blogSidebar = createBlogSidebarView(manifest, config, href)

  /** Front matter's own previous/next (a route, or null for none) over the sidebar's; never a page the view may not show. */
  const neighbour = (index: SidebarIndex, chosen: string | null | undefined, fromSidebar: string | undefined, hidden: (path: string) => boolean): PageLink | undefined => {
    if (chosen === null) return undefined
    if (chosen === undefined) return fromSidebar === undefined ? undefined : index.links.get(fromSidebar)
    const target = routes.get(chosen)
    if (!target || hidden(chosen)) return undefined
    return index.links.get(chosen) ?? { label: target.title, href: href(chosen) }
  }

  const view = (route: Route, bodyHtml: string, index: SidebarIndex, isPublicView: boolean): PageView => {
    const position = index.position.get(route.path) ?? -1
    const category = index.categories.get(route.path)
    const display = route.display
    // What the page's readers may not see: any private page on a public page; on a private page, those needing groups it does not.
    const hidden = isPublicView ? isPrivate : (path: string) => isPrivate(path) && !mayRead(groupsOf(route), routes.get(path))
    const cards = category ? cardsOf(category, routes, href) : route.kind === 'tags' ? taggedCards(route, routes, href, hidden) : []
    return {
      path: route.path,
      kind: kindOf(route),
      title: isTagPage(route, routes) ? `${cards.length} ${cards.length === 1 ? 'doc' : 'docs'} tagged with "${route.title}"` : blogTagTitle(route, blogTags) ?? route.title,
      hideTitle: display?.hideTitle ?? false,
      titleId: display?.titleId,
      unlisted: display?.unlisted ?? false,
      keywords: display?.keywords ?? [],
      tags: (display?.tags ?? []).map((tag) => ({ label: tag.label, href: tag.path === undefined ? undefined : href(tag.path) })),
      editUrl: editLinkOf(route, config),
      description: route.description,
      bodyHtml: fillDocCardLists(bodyHtml, cards),
      toc: tocOf(route, config),
      breadcrumbs: config.docs.breadcrumbs ? (index.breadcrumbs.get(route.path) ?? []) : undefined,
      cards,
      previous: neighbour(index, display?.previous, position > 0 ? index.order[position - 1] : undefined, hidden),
      next: neighbour(index, display?.next, position !== -1 && position < index.order.length - 1 ? index.order[position + 1] : undefined, hidden),
      gated: false,
      layout: layoutOf(route),
      version: versions.pageVersion(route),
      ...blogSidebar(route),
    }
  }

  return {
    site,
    publicView: (route, bodyHtml) => view(route, bodyHtml, (setOf(route) ?? noSidebar).publicIndex, true),
    privateView: (route, bodyHtml) => view(route, bodyHtml, (setOf(route) ?? noSidebar).forGroups(groupsOf(route)).index, false),
    publicSidebar: (route) => setOf(route)?.publicSidebar(route.path),
    privateSidebar: (route) => setOf(route)?.forGroups(groupsOf(route)).sidebar(route.path),
    sidebarSet: (route, side) => (side === 'public' ? `public\0${route.sidebar ?? ''}` : `private\0${route.sidebar ?? ''}\0${groupsKey(groupsOf(route))}`),
    shellView: () => shellView,
    publicLists: () => [...sidebarSets.values()].flatMap((set) => listViews(set.publicItems, set.publicIndex, href, set.place, undefined, false)),
    navbarFor: (route) => ({
      ...site,
      navbar: {
        ...site.navbar,
        items: site.navbar.items.map((item, position) => ({ ...item, active: isActive(navbarRoutes[position], route.path, (setOf(route) ?? noSidebar).publicIndex) })),
        versions: versions.menu(route),
      },
    }),
  }
}

/** Each sidebar's public view and index, and its views for readers of each set of groups, made once. */
function sidebarSetsOf(manifest: Manifest, routes: ReadonlyMap<string, Route>, isPrivate: (path: string) => boolean, href: HrefOf) {
  return new Map(
    Object.keys(manifest.sidebars).map((id, number) => {
      const publicItems = publicSidebarItems(manifest.sidebars[id]!, isPrivate)
      const publicIndex = indexSidebar(publicItems, href)
      // The places of the first sidebar's categories are as they were with one sidebar; the others' are told apart.
      const place = number === 0 ? '' : `s${number}`
      return [id, { publicItems, publicIndex, place, publicSidebar: sidebarViews(publicItems, publicIndex, href, place, 'all'), forGroups: sidebarsByGroups(manifest.sidebars[id]!, routes, href) }]
    }),
  )
}

/**
 * The sidebar and its index as seen by readers in `groups`, for the private pages that need
 * exactly those groups: built once per set of groups.
 */
function sidebarsByGroups(items: readonly SidebarItem[], routes: ReadonlyMap<string, Route>, href: HrefOf) {
  const sets = new Map<string, { index: SidebarIndex; sidebar: (current: string) => SidebarViewItem[] }>()
  return (groups: readonly string[]) => {
    const key = groupsKey(groups)
    let set = sets.get(key)
    if (set === undefined) {
      const visible = visibleSidebar(items, (path) => mayRead(groups, routes.get(path)))
      const index = indexSidebar(visible, href)
      // Places in a private sidebar name no public file, so its chevrons never fetch public items under wrong places.
      set = { index, sidebar: sidebarViews(visible, index, href, 'private', 'none') }
      sets.set(key, set)
    }
    return set
  }
}

/** Whether readers in `groups` may see a route: a public one, or a private one whose every group they are in. */
function mayRead(groups: readonly string[], route: Route | undefined): boolean {
  return !route?.access.private || hasGroups(groups, route.access.groups)
}

/** A set of groups, written the same whatever their order. */
function groupsKey(groups: readonly string[]): string {
  return [...groups].sort().join('\n')
}

/** Whether a navbar or footer link may be published: links to a private page or file are private navigation (the gate serves them). */
function publicLinkTest(manifest: Manifest, published: boolean): (link: { to: string | undefined }) => boolean {
  const privateTargets = new Set(
    published
      ? []
      : [
          ...manifest.routes.filter((route) => route.access.private).map((route) => routeCollisionKey(route.path)),
          ...manifest.assets.filter((asset) => asset.access.private).map((asset) => routeCollisionKey(asset.path)),
        ],
  )
  // Read as a browser reads it ("/docs/beta/../alpha/x" is "/docs/alpha/x"), and as hosts serve it (letter case, NFC).
  return (link) => {
    if (link.to === undefined) return true
    const opened = canonicalPath(link.to)
    return opened === undefined || !privateTargets.has(routeCollisionKey(opened))
  }
}

/** Redirect routes are drawn as plain pages (their body links on, for browsers that ignore the refresh). */
function kindOf(route: Route): PageView['kind'] {
  return route.kind === 'redirect' || route.kind === 'post' || route.kind === 'blog' ? 'page' : route.kind
}

function layoutOf(route: Route): PageView['layout'] {
  return route.kind === 'doc' || route.kind === 'category' || route.kind === 'tags' ? 'docs' : 'plain'
}

/** The href of a route path (and anchor) on this site, its base URL included. */
type HrefOf = (path: string, hash?: string) => string

/** A navbar link is active when the page is the link's target or inside the category it opens. */
function isActive(target: string | undefined, path: string, index: SidebarIndex): boolean {
  if (target === undefined) return false
  if (target === path) return true
  return index.descendants.get(target)?.has(path) ?? false
}

function siteView(
  config: ResolvedConfig,
  navbarItems: readonly ResolvedConfig['navbar']['items'][number][],
  isPublicLink: (link: { to: string | undefined }) => boolean,
  hrefOf: HrefOf,
  mainDocPath: string | undefined,
): SiteView {
  const href = (link: { to: string | undefined; href: string | undefined }) => (link.to === undefined ? link.href! : toHref(config.baseUrl, link.to))
  const logo = config.navbar.logo
  return {
    title: config.title,
    tagline: config.tagline,
    lang: config.i18n.defaultLocale,
    baseUrl: config.baseUrl,
    homeHref: hrefOf('/'),
    docsHref: mainDocPath === undefined ? undefined : hrefOf(mainDocPath),
    navbar: {
      title: config.navbar.title,
      // The logo's src is a URL as written (maybe already encoded): only the base URL is added.
      logo: logo && { ...logo, src: underBaseUrl(config.baseUrl, logo.src) },
      items: navbarItems.map((item) => ({
        label: item.label,
        href: href(item),
        position: item.position,
        auth: item.auth,
        groups: item.groups,
        active: false,
      })),
    },
    footer: {
      style: config.footer.style,
      columns: config.footer.links.map((column) => ({ title: column.title, items: column.items.filter(isPublicLink).map((item) => ({ label: item.label, href: href(item) })) })),
      copyright: config.footer.copyright,
    },
    announcementBar: config.announcementBar,
    colorMode: config.colorMode,
    login: config.login !== undefined,
    url: config.url,
  }
}

interface SidebarIndex {
  /** Paths in reading order (for previous/next). */
  readonly order: string[]
  /** Index of each path in `order`. */
  readonly position: Map<string, number>
  readonly links: Map<string, PageLink>
  /** Every path inside a category, by the category's path and by its position key. */
  readonly descendants: Map<string, Set<string>>
  readonly breadcrumbs: Map<string, Breadcrumb[]>
  /** The sidebar category behind each generated index page. */
  readonly categories: Map<string, Extract<SidebarItem, { type: 'category' }>>
  /** Identity of category items → paths inside them. */
  readonly contains: Map<SidebarItem, Set<string>>
  /**
   * The branch of each path: which categories hold it or open on it, as their places in the
   * tree. Pages of one branch see the same sidebar but for which link is current.
   */
  readonly branches: Map<string, string>
}

function indexSidebar(items: readonly SidebarItem[], href: HrefOf): SidebarIndex {
  const index: SidebarIndex = {
    order: [],
    position: new Map(),
    links: new Map(),
    descendants: new Map(),
    breadcrumbs: new Map(),
    categories: new Map(),
    contains: new Map(),
    branches: new Map(),
  }
  const addBranch = (path: string, place: string) => index.branches.set(path, `${index.branches.get(path) ?? ''}|${place}`)
  const walk = (list: readonly SidebarItem[], trail: Breadcrumb[], place: string): Set<string> => {
    const inside = new Set<string>()
    for (const [position, item] of list.entries()) {
      if (item.type === 'category' && item.path !== undefined) addBranch(item.path, `${place}/${position}`)
      // A page of a long list draws the part of it around its own block (see sidebar-window.ts).
      else if (item.path !== undefined) addBranch(item.path, `${place}@${windowBlock(list.length, position) ?? ''}`)
      if (item.path !== undefined) {
        inside.add(item.path)
        if (!index.links.has(item.path)) {
          index.position.set(item.path, index.order.length)
          index.order.push(item.path)
          index.links.set(item.path, { label: item.label, href: href(item.path) })
          index.breadcrumbs.set(item.path, trail)
        }
      }
      if (item.type === 'category') {
        const crumb = { label: item.label, href: item.path === undefined ? undefined : href(item.path) }
        const below = walk(item.items, [...trail, crumb], `${place}/${position}`)
        if (item.path !== undefined) {
          index.categories.set(item.path, item)
          index.descendants.set(item.path, below)
        }
        index.contains.set(item, below)
        for (const path of below) inside.add(path)
      }
    }
    return inside
  }
  walk(items, [], '')
  return index
}

/** Views of branches kept at once (see sidebarViews). */
const branchesKept = 256

/**
 * The sidebar of each page: the branch leading to the page open, the page's link marked. Every
 * page lists the top-level items (those around its own, in a long list: see sidebar-window.ts),
 * so the view of a branch is built once and shared by its pages, which only mark their own link;
 * building it per page grew with pages × top-level items.
 */
function sidebarViews(items: readonly SidebarItem[], index: SidebarIndex, href: HrefOf, place: string, windowed: 'all' | 'none'): (current: string) => SidebarViewItem[] {
  const byBranch = new Map<string, SidebarViewItem[]>()
  return (current) => {
    const branch = index.branches.get(current) ?? ''
    let neutral = byBranch.get(branch)
    if (!neutral) {
      // A private sidebar is drawn whole ('none'): the lists its long ones would name are public files, without its entries.
      neutral = sidebarView(items, current, index, href, place, windowed)
      // Pages come folder by folder, so their branch is nearly always a recent one: a site's branches all together would hold a list per folder.
      if (byBranch.size >= branchesKept) byBranch.delete(byBranch.keys().next().value!)
      byBranch.set(branch, neutral)
    }
    return withCurrentLink(neutral, index.links.get(current)?.href ?? href(current))
  }
}

/** Marks the links to the current page, copying only the open categories on the way. */
function withCurrentLink(items: readonly SidebarViewItem[], currentHref: string): SidebarViewItem[] {
  return items.map((item) =>
    item.type === 'html'
      ? item
      : item.type === 'link'
      ? item.href === currentHref
        ? { ...item, active: true }
        : item
      : item.type === 'category' && item.expanded && item.active
        ? { ...item, items: withCurrentLink(item.items, currentHref) }
        : item,
  )
}

/**
 * Which long lists are drawn only around the page's item, the rest left to 'more' items: all,
 * none, or those below the top one (a list's data file holds the list whole).
 */
type Windowed = 'all' | 'none' | 'nested'

/** The sidebar open on the branch of `current`, with no link marked current. */
function sidebarView(items: readonly SidebarItem[], current: string, index: SidebarIndex, href: HrefOf, place: string, windowed: Windowed): SidebarViewItem[] {
  const hrefOf = (path: string) => index.links.get(path)?.href ?? href(path)
  const holds = (item: SidebarItem) => item.path === current || (item.type === 'category' && (index.contains.get(item)?.has(current) ?? false))
  const { start, end } = windowed === 'all' ? shownRange(items.length, items.findIndex(holds)) : { start: 0, end: items.length }
  const drawn = items.slice(start, end).map((item, offset): SidebarViewItem => {
    if (item.type === 'doc') return { type: 'link', label: item.label, href: hrefOf(item.path), active: false, ...(item.className ? { className: item.className } : {}) }
    if (item.type === 'html') return { type: 'html', html: item.html, ...(item.className ? { className: item.className } : {}) }
    if (item.type === 'link') return sidebarLinkView(item, href)
    const itemPlace = place === '' ? `${start + offset}` : `${place}-${start + offset}`
    const active = holds(item)
    const expanded = active || !item.collapsible || !item.collapsed
    return {
      type: 'category',
      label: item.label,
      href: item.path === undefined ? undefined : hrefOf(item.path),
      active,
      expanded,
      collapsible: item.collapsible,
      place: itemPlace,
      items: expanded ? sidebarView(item.items, current, index, href, itemPlace, windowed === 'none' ? 'none' : 'all') : [],
    }
  })
  const more = (from: number, to: number): SidebarViewItem[] => (from < to ? [{ type: 'more', list: place, start: from, end: to, href: href(`/${sidebarListPage(place)}`) }] : [])
  return [...more(0, start), ...drawn, ...more(end, items.length)]
}

/** A sidebars file's `link` item: an internal one published under the base URL, an external one as written and marked. */
function sidebarLinkView(item: Extract<SidebarItem, { type: 'link' }>, href: HrefOf): SidebarViewItem {
  const className = item.className ? { className: item.className } : {}
  if (item.target === undefined) return { type: 'link', label: item.label, href: item.href, active: false, external: true, ...className }
  const hash = item.href.indexOf('#')
  return { type: 'link', label: item.label, href: href(item.target, hash === -1 ? undefined : item.href.slice(hash + 1)), active: false, ...className }
}

/** The cards of a tags page: its routes, the private ones left out of the public view. */
function taggedCards(route: Route, routes: ReadonlyMap<string, Route>, href: HrefOf, hidden: (path: string) => boolean): CategoryCard[] {
  return (route.items ?? []).flatMap((path) => {
    const target = routes.get(path)
    if (!target || hidden(path)) return []
    const list = target.kind === 'tags' || target.kind === 'blog'
    const count = list ? target.items?.filter((item) => !hidden(item)).length : undefined
    return [{ label: target.title, href: href(path), description: target.description, kind: list ? 'category' : 'doc', count }]
  })
}

/** A blog tag page's title, as Docusaurus writes it: `2 posts tagged with "release"`. */
function blogTagTitle(route: Route, tagsPrefix: string): string | undefined {
  if (route.kind !== 'blog' || !route.path.startsWith(tagsPrefix)) return undefined
  const count = route.items?.length ?? 0
  return `${count} ${count === 1 ? 'post' : 'posts'} tagged with "${route.title}"`
}

/** A tag's own page (it lists docs), not the list of every tag. */
function isTagPage(route: Route, routes: ReadonlyMap<string, Route>): boolean {
  const first = route.items?.[0]
  const listed = first === undefined ? undefined : routes.get(first)?.kind
  return route.kind === 'tags' && listed !== undefined && listed !== 'tags' && listed !== 'blog'
}

/**
 * The lists the runtime may load, drawn with no current page, by place: the items of every
 * collapsible category, and every list long enough for pages to draw only part of it.
 */
function listViews(items: readonly SidebarItem[], index: SidebarIndex, href: HrefOf, place: string, label: string | undefined, collapsible: boolean): SidebarListView[] {
  const long = items.length > SIDEBAR_WINDOW.limit
  const own = collapsible || long ? [{ place, label, items: sidebarView(items, '', index, href, place, 'nested'), long }] : []
  return [
    ...own,
    ...items.flatMap((item, position) => (item.type === 'category' ? listViews(item.items, index, href, place === '' ? `${position}` : `${place}-${position}`, item.label, item.collapsible) : [])),
  ]
}

function cardsOf(category: Extract<SidebarItem, { type: 'category' }>, routes: ReadonlyMap<string, Route>, href: HrefOf): CategoryCard[] {
  const cards: CategoryCard[] = []
  for (const item of category.items) {
    if (item.path === undefined) continue
    cards.push({
      label: item.label,
      href: href(item.path),
      description: routes.get(item.path)?.description,
      kind: item.type,
      count: item.type === 'category' ? item.items.length : undefined,
    })
  }
  return cards
}
