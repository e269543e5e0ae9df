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
  readonly format: 1
  /** Canonical route path, as in the manifest (`/docs/Lotus Byte/`). */
  readonly path: string
  /** The document's <title>. */
  readonly title: string
  readonly description: string | undefined
  /** Everything inside the page region (`[data-page-region]`): the part of <body> that differs between pages. */
  readonly html: string
  /** The navbar links to mark, by href: 'page' (this page) or 'true' (a page inside the section it opens). */
  readonly navbar: Readonly<Record<string, 'page' | 'true'>>
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

/** The sidebar data file of a category (its items, fetched when the reader expands it), by its place in the sidebar. */
export function sidebarDataFile(place: string): string {
  return `${GENERATED_FOLDER}/sidebar/${place}.json`
}

/** A category's items as the runtime inserts them under its label. */
export interface SidebarData {
  readonly format: 1
  /** `<ul class="sidebar-list">…` */
  readonly html: string
}
