/**
 * What the build publishes for the browser runtime's client navigation: one JSON file per public
 * route, under the output's reserved folder, named after the route's canonical path so the
 * runtime finds it from a URL alone (no route table shipped to every page, so a page's weight
 * does not grow with the site). Private routes never get one: nothing of theirs is published.
 */
import { canonicalPath } from './canonical-path.js'

/** The output folder the build keeps for its own files, so they never collide with `static/`. */
export const GENERATED_FOLDER = '_docsgen'

export interface PageData {
  /** Format version of this file. */
  readonly format: 2
  /** Canonical route path, as in the manifest (`/docs/Lotus Byte/`). */
  readonly path: string
  /** The document's <title>. */
  readonly title: string
  readonly description: string | undefined
  /**
   * Everything inside the page region (`[data-page-region]`), the part of <body> that differs
   * between pages, but the sidebar's list: its `<nav class="sidebar-nav">` is left empty.
   */
  readonly html: string
  /**
   * The file of the sidebar list of the page's branch (see sidebarBranchFile), which goes in that
   * `<nav>` with this page's link marked; undefined: the page has no sidebar. Pages of a branch
   * share the file, so a reader loads it once per branch, and a page's data stays small however
   * large the sidebar.
   */
  readonly sidebar: string | undefined
  /** The navbar links to mark, by href: 'page' (this page) or 'true' (a page inside the section it opens). */
  readonly navbar: Readonly<Record<string, 'page' | 'true'>>
  /** The navbar's version dropdown as drawn for this page (`<details class="navbar-versions">`), when the docs have versions. */
  readonly versions?: string
  /** For a redirect route: the href the reader is sent on to. */
  readonly redirect: string | undefined
  /**
   * The stylesheet and runtime this page was built with. A page of another build (a deploy
   * happened meanwhile) is loaded in full instead, so markup never meets the wrong styles.
   */
  readonly build: string
}

/**
 * The data file of a route path, relative to the output folder, or undefined for a path that can
 * name no route. `/docs/x`, `/docs/x.html` and `/docs/x/` share one canonical path, so one file.
 */
export function pageDataFile(path: string): string | undefined {
  const canonical = canonicalPath(path)
  if (canonical === undefined) return undefined
  return canonical === '/' ? `${GENERATED_FOLDER}/data.json` : `${GENERATED_FOLDER}/data${canonical}.json`
}

/**
 * The sidebar data file of a list: a category's items by the category's place in the sidebar
 * (fetched when the reader expands it, or asks for the items a long list left out), or the top
 * level's for place ''.
 */
export function sidebarDataFile(place: string): string {
  return `${GENERATED_FOLDER}/sidebar/${listName(place)}.json`
}

/** The page that lists a long sidebar list whole, for readers without the runtime (see SidebarViewItem 'more'). */
export function sidebarListPage(place: string): string {
  return `${GENERATED_FOLDER}/sidebar/${listName(place)}.html`
}

/** Places are digits and dashes, after `s<n>` in a site's second and later sidebars, so `top` names no category. */
function listName(place: string): string {
  return place === '' ? 'top' : place
}

/**
 * The sidebar list of a branch, by a hash of its markup: the same name for the same list, so it
 * can be cached forever, and pages of a branch name the same file.
 */
export function sidebarBranchFile(hash: string): string {
  return `${GENERATED_FOLDER}/sidebar/branch-${hash}.json`
}

/** A category's items as the runtime inserts them under its label, or a branch's whole list. */
export interface SidebarData {
  readonly format: 1
  /** `<ul class="sidebar-list">…` */
  readonly html: string
}
