/**
 * What the build writes into the private folder for the gate (src/gate), and the URLs the gate
 * answers. The build writes it, the gate reads it (from files or an edge store), the browser
 * runtime calls the URLs: one definition for the three. Plain serialisable data only.
 */

/** The gate's manifest, relative to the private folder (or the key in an edge store). */
export const GATE_MANIFEST_FILE = 'gate.json'

/**
 * Where the gate answers private content, under the site's base URL: `<prefix>/<route path>`
 * (`/_docsgen/gate/page/docs/Private/notice`), always with `Authorization: Bearer <token>`.
 */
export const GATE_PAGE_PREFIX = '/_docsgen/gate/page'

/** Where the gate answers the private navigation entries the reader may open (JSON array). */
export const GATE_NAVIGATION_PATH = '/_docsgen/gate/navigation'

/** A private route or file: who may read it and where its content is kept. */
export interface GateEntry {
  /** Groups a reader must belong to, all of them; empty means any signed-in reader. */
  readonly groups: readonly string[]
  /** Key of the content in the private store: a path relative to the private folder. */
  readonly file: string
  /** The Content-Type the content is answered with. */
  readonly type: string
}

/** A private-path rule as the build compiled it. */
export interface GateRule {
  /** A RegExp source over canonical route paths. */
  readonly pattern: string
  readonly groups: readonly string[]
}

/** One private navigation entry; the gate reads only `path` (the route it opens) and passes the rest on. */
export interface GateNavigationItem {
  readonly path: string
  readonly [key: string]: unknown
}

export interface GateManifest {
  /** Format version of this file. */
  readonly format: 1
  /** The path the site is served under ("/" or e.g. "/handbook/"); paths below are without it. */
  readonly baseUrl: string
  /**
   * Every private-path rule: a path under one gets the sign-in shell whether or not a page exists
   * there, and a path with no entry needs the groups of every rule that matches it.
   */
  readonly rules: readonly GateRule[]
  /** Every private route and private file, by canonical path. */
  readonly entries: Readonly<Record<string, GateEntry>>
  /** Key of the sign-in shell: the HTML answered for every path under a rule. */
  readonly shell: string
  /** Private navigation entries; each is answered only to readers who may open its path. */
  readonly navigation: readonly GateNavigationItem[]
}
