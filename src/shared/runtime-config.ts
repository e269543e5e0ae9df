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
  /** Sign-in settings; undefined: the site has no login. */
  readonly login?: RuntimeLogin
}

/** What the runtime needs to sign readers in and apply the access rules (all already public). */
export interface RuntimeLogin {
  /** URL of the login widget's module, loaded when the form is first needed. */
  readonly widgetModule: string
  readonly orgID: string
  readonly baseURL: string
  readonly sdkURL: string
  readonly uxMode: 'redirect' | 'modal'
  /** Where readers who may not see a page are sent (uxMode 'redirect'), under the base URL. */
  readonly privateRedirectPath: string
  readonly forceLogin: boolean
  /** The private-path rules: RegExp sources over canonical route paths, with the groups each requires. */
  readonly rules: readonly { readonly pattern: string; readonly groups: readonly string[] }[]
  /** The widget's options: factors (the e-mail link, and the SSO provider as a second), texts, logo, defaults. */
  readonly form: {
    readonly factors: readonly { readonly method: string; readonly options?: Readonly<Record<string, unknown>>; readonly label?: string }[]
    readonly logo: string | undefined
    readonly storeLastHandle: boolean
    readonly text: Readonly<Record<string, string>>
    readonly defaultCountryCode: string
  }
  /** Private content comes from the gate ('gate'), or is in the pages and only hidden ('client-only'). */
  readonly privatePages: 'gate' | 'exclude' | 'client-only'
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
  /** localStorage: the signed-in reader's token (the spec's key). */
  userToken: 'MY_USER_TOKEN',
} as const
