/**
 * Site settings the browser runtime reads from each page (a JSON script in <head>): the same on
 * every page of a build, small, and already public.
 */
export interface RuntimeConfig {
  /** The path the site is served under, starting and ending with "/". */
  readonly baseUrl: string
  /** RegExp sources of the private-path rules, over canonical route paths: such paths are always loaded in full, never prefetched. */
  readonly privatePatterns: readonly string[]
  /** URL of the search engine's module (loaded when the search box is first used); undefined: the site has no search index. */
  readonly searchModule: string | undefined
  /** The name of the docs version these pages belong to, remembered as the reader's preferred version. */
  readonly docsVersion: string
  /** Which build these pages come from; page data of another build is loaded as a full page. */
  readonly build: string
  /** Follow the system's colour scheme while the reader has not chosen one. */
  readonly respectPrefersColorScheme: boolean
}

/** The id of the <script type="application/json"> holding the RuntimeConfig. */
export const RUNTIME_CONFIG_ID = 'docsgen-config'

/**
 * Browser storage keys. `theme` is the name readers' browsers already hold; the preferred docs version uses
 * Docusaurus's name, so a site moved from it keeps its readers' choice.
 */
export const STORAGE_KEYS = {
  /** localStorage: 'light' or 'dark', the reader's choice. */
  theme: 'theme',
  /** localStorage: the id of the announcement the reader closed. */
  announcementDismissed: 'docsgen.announcement.dismissed',
  /** localStorage: the docs version the reader last read. */
  preferredVersion: 'docs-preferred-version-default',
  /** sessionStorage: sidebar categories the reader opened or closed, by place. */
  sidebar: 'docsgen.sidebar',
  /** localStorage: the tab chosen in MDX tabs of one groupId (Docusaurus's key, so a migrated reader keeps it). */
  tabGroup: (groupId: string) => `docusaurus.tab.${groupId}`,
} as const
