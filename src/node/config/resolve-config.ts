/**
 * Validates the value `site.config.ts` exports, key by key, rejects unknown keys, applies every
 * default of spec 000 and returns a frozen ResolvedConfig. Nothing downstream re-checks or
 * re-defaults. Problems come back as diagnostics, all of them at once.
 */
import { deepFreeze } from '../../shared/deep-freeze.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { factorMethods } from '../../shared/factor-methods.js'
import { routePathProblem } from '../../shared/portable-path.js'
import { closest } from '../diagnostics/closest.js'
import { locateInSource, locateKeyPath } from '../diagnostics/locate-in-source.js'
import type { LoginFactorMethod } from './define-config.js'
import { baseUrlProblem, isCssColor, unsafeUrlProblem } from './read-url.js'

export interface ResolvedNavItem {
  readonly label: string
  readonly to: string | undefined
  readonly href: string | undefined
  readonly position: 'left' | 'right'
  readonly auth: boolean
  readonly groups: readonly string[]
}

export interface ResolvedPrivatePath {
  readonly path: string
  readonly groups: readonly string[]
}

export interface ResolvedLogin {
  readonly orgID: string
  readonly forceLogin: boolean
  readonly baseURL: string
  readonly sdkURL: string
  readonly uxMode: 'redirect' | 'modal'
  readonly privateRedirectPath: string
  readonly privatePaths: readonly ResolvedPrivatePath[]
  readonly formConfiguration: {
    readonly factors: readonly { readonly method: LoginFactorMethod; readonly options: Readonly<Record<string, unknown>>; readonly label: string | undefined }[]
    readonly logo: string | undefined
    readonly storeLastHandle: boolean
    readonly text: Readonly<Record<string, string>>
    readonly defaultCountryCode: string
  }
  readonly oidcClientID: string | undefined
  readonly oidcProvider: string | undefined
}

export interface ResolvedConfig {
  readonly title: string
  readonly tagline: string
  readonly url: string | undefined
  readonly baseUrl: string
  /** The favicon's URL as written (a site path such as '/img/favicon.ico', or absolute); undefined: docsgen's own. */
  readonly favicon: string | undefined
  readonly i18n: { readonly defaultLocale: 'en'; readonly locales: readonly ['en'] }
  readonly onBrokenLinks: 'throw' | 'warn' | 'ignore'
  readonly onBrokenAnchors: 'throw' | 'warn' | 'ignore'
  readonly docs: {
    readonly routeBasePath: string
    readonly versionLabel: string
    /** Undefined: the first doc of the sidebar. */
    readonly mainDoc: string | undefined
    readonly sidebarId: string
  }
  readonly tableOfContents: { readonly minHeadingLevel: number; readonly maxHeadingLevel: number }
  readonly colorMode: { readonly defaultMode: 'light' | 'dark'; readonly disableSwitch: boolean; readonly respectPrefersColorScheme: boolean }
  readonly announcementBar:
    | { readonly id: string; readonly content: string; readonly backgroundColor: string; readonly textColor: string; readonly isCloseable: boolean }
    | undefined
  readonly navbar: { readonly title: string; readonly logo: { readonly src: string; readonly alt: string } | undefined; readonly items: readonly ResolvedNavItem[] }
  readonly footer: {
    readonly style: 'dark' | 'light'
    readonly links: readonly { readonly title: string; readonly items: readonly { readonly label: string; readonly to: string | undefined; readonly href: string | undefined }[] }[]
    readonly copyright: string
  }
  readonly login: ResolvedLogin | undefined
}

/** Defaults of spec 000 §9 and the anchor site; one place, each with its reason. */
export const loginDefaults = {
  baseURL: 'https://api.slashid.com',
  sdkURL: 'https://cdn.slashid.com/sdk.html',
  uxMode: 'redirect',
  privateRedirectPath: '/',
  forceLogin: false,
  storeLastHandle: true,
  defaultCountryCode: 'US',
  defaultFactor: 'email_link',
} as const

type Result = { config: ResolvedConfig; diagnostics: Diagnostic[] } | { config: undefined; diagnostics: Diagnostic[] }

/**
 * Resolves `value` (what the config module exported). `file` and `source` are used to point
 * diagnostics at the offending line.
 */
export function resolveConfig(value: unknown, file: string, source: string): Result {
  const problems: Diagnostic[] = []
  const report = (path: string, message: string, suggestion?: string) => {
    const place = locateKeyPath(source, path)
    problems.push(diagnostic({ file, ruleId: 'config-invalid', message: `"${path}" ${message}`, suggestion, ...place }))
  }
  const read = reader(report, (path, key, allowed) => {
    const place = locateInSource(source, key)
    const near = closest(key, allowed)
    problems.push(
      diagnostic({
        file,
        ruleId: 'config-unknown-key',
        message: `Unknown key "${path ? `${path}.` : ''}${key}"`,
        suggestion: near ? `Did you mean "${near}"?` : `Allowed keys: ${allowed.join(', ')}.`,
        ...place,
      }),
    )
  })

  if (!isRecord(value)) {
    problems.push(
      diagnostic({
        file,
        ruleId: 'config-invalid',
        message: 'The config file must export a config object as its default export',
        suggestion: "Write `export default defineConfig({ title: 'My docs' })`.",
      }),
    )
    return { config: undefined, diagnostics: problems }
  }

  read.keys('', value, [
    'title', 'tagline', 'url', 'baseUrl', 'favicon', 'i18n', 'onBrokenLinks', 'onBrokenAnchors', 'docs', 'tableOfContents',
    'colorMode', 'announcementBar', 'navbar', 'footer', 'login',
  ])
  const title = read.string('title', value.title, 'Documentation')
  const docs = read.record('docs', value.docs)
  read.keys('docs', docs, ['routeBasePath', 'versionLabel', 'mainDoc', 'sidebarId'])
  const toc = read.record('tableOfContents', value.tableOfContents)
  read.keys('tableOfContents', toc, ['minHeadingLevel', 'maxHeadingLevel'])
  const minHeadingLevel = read.integer('tableOfContents.minHeadingLevel', toc.minHeadingLevel, 2, 2, 6)
  const maxHeadingLevel = read.integer('tableOfContents.maxHeadingLevel', toc.maxHeadingLevel, 3, 2, 6)
  if (maxHeadingLevel < minHeadingLevel) report('tableOfContents.maxHeadingLevel', `must not be below minHeadingLevel (${minHeadingLevel})`)
  const colorMode = read.record('colorMode', value.colorMode)
  read.keys('colorMode', colorMode, ['defaultMode', 'disableSwitch', 'respectPrefersColorScheme'])
  const i18n = read.record('i18n', value.i18n)
  read.keys('i18n', i18n, ['defaultLocale', 'locales'])
  if (i18n.defaultLocale !== undefined && i18n.defaultLocale !== 'en') report('i18n.defaultLocale', "must be 'en' (only English is supported)")
  if (i18n.locales !== undefined && (!Array.isArray(i18n.locales) || i18n.locales.length !== 1 || i18n.locales[0] !== 'en'))
    report('i18n.locales', "must be ['en'] (only English is supported)")

  const baseUrl = read.baseUrl('baseUrl', value.baseUrl)
  const url = read.optionalUrl('url', value.url)
  const parsedUrl = url === undefined || !isHttpUrl(url) ? undefined : new URL(url)
  if (parsedUrl && parsedUrl.pathname !== '/')
    report('url', `must be an origin only, got "${url}"`, `Write url: '${parsedUrl.origin}' and baseUrl: '${parsedUrl.pathname.endsWith('/') ? parsedUrl.pathname : `${parsedUrl.pathname}/`}' (as in Docusaurus).`)
  else if (parsedUrl && (parsedUrl.search || parsedUrl.hash || parsedUrl.username || parsedUrl.password || !/^([a-z\d-]+\.)*[a-z\d-]+$|^\[[\da-f:.]+\]$/i.test(parsedUrl.hostname)))
    report('url', `must be an origin only, such as "https://docs.example.org" (a host name, no credentials, query or fragment), got "${url}"`)

  const config: ResolvedConfig = {
    title,
    tagline: read.string('tagline', value.tagline, ''),
    url: parsedUrl?.origin,
    baseUrl,
    favicon: read.safeUrl('favicon', read.optionalString('favicon', value.favicon)),
    i18n: { defaultLocale: 'en', locales: ['en'] },
    onBrokenLinks: read.oneOf('onBrokenLinks', value.onBrokenLinks, ['throw', 'warn', 'ignore'], 'throw'),
    onBrokenAnchors: read.oneOf('onBrokenAnchors', value.onBrokenAnchors, ['throw', 'warn', 'ignore'], 'throw'),
    docs: {
      routeBasePath: read.routeBasePath('docs.routeBasePath', docs.routeBasePath),
      versionLabel: read.string('docs.versionLabel', docs.versionLabel, 'Next'),
      mainDoc: read.optionalString('docs.mainDoc', docs.mainDoc),
      sidebarId: read.string('docs.sidebarId', docs.sidebarId, 'sanctum'),
    },
    tableOfContents: { minHeadingLevel, maxHeadingLevel },
    colorMode: {
      defaultMode: read.oneOf('colorMode.defaultMode', colorMode.defaultMode, ['light', 'dark'], 'light'),
      disableSwitch: read.boolean('colorMode.disableSwitch', colorMode.disableSwitch, false),
      respectPrefersColorScheme: read.boolean('colorMode.respectPrefersColorScheme', colorMode.respectPrefersColorScheme, false),
    },
    announcementBar: resolveAnnouncementBar(read, value.announcementBar),
    navbar: resolveNavbar(read, value.navbar, title),
    footer: resolveFooter(read, value.footer),
    login: value.login === undefined ? undefined : resolveLogin(read, report, value.login),
  }
  if (problems.length > 0) return { config: undefined, diagnostics: problems }
  return { config: deepFreeze(config), diagnostics: [] }
}

function resolveAnnouncementBar(read: Reader, value: unknown): ResolvedConfig['announcementBar'] {
  if (value === undefined) return undefined
  const bar = read.record('announcementBar', value)
  read.keys('announcementBar', bar, ['id', 'content', 'backgroundColor', 'textColor', 'isCloseable'])
  return {
    id: read.requiredString('announcementBar.id', bar.id),
    content: read.requiredString('announcementBar.content', bar.content),
    backgroundColor: read.cssColor('announcementBar.backgroundColor', bar.backgroundColor, '#fff7d6'),
    textColor: read.cssColor('announcementBar.textColor', bar.textColor, '#1c1e21'),
    isCloseable: read.boolean('announcementBar.isCloseable', bar.isCloseable, true),
  }
}

function resolveNavbar(read: Reader, value: unknown, siteTitle: string): ResolvedConfig['navbar'] {
  const navbar = read.record('navbar', value)
  read.keys('navbar', navbar, ['title', 'logo', 'items'])
  let logo: { src: string; alt: string } | undefined
  if (navbar.logo !== undefined) {
    const logoRecord = read.record('navbar.logo', navbar.logo)
    read.keys('navbar.logo', logoRecord, ['src', 'alt'])
    logo = { src: read.safeUrl('navbar.logo.src', read.requiredString('navbar.logo.src', logoRecord.src))!, alt: read.string('navbar.logo.alt', logoRecord.alt, siteTitle) }
  }
  const items = read.array('navbar.items', navbar.items).map((item, index) => {
    const path = `navbar.items[${index}]`
    const record = read.record(path, item)
    read.keys(path, record, ['label', 'to', 'href', 'position', 'auth', 'groups'])
    const target = read.linkTarget(path, record)
    const groups = read.stringArray(`${path}.groups`, record.groups)
    return {
      label: read.requiredString(`${path}.label`, record.label),
      ...target,
      position: read.oneOf(`${path}.position`, record.position, ['left', 'right'], 'left'),
      auth: read.boolean(`${path}.auth`, record.auth, false) || groups.length > 0,
      groups,
    }
  })
  return { title: read.string('navbar.title', navbar.title, siteTitle), logo, items }
}

function resolveFooter(read: Reader, value: unknown): ResolvedConfig['footer'] {
  const footer = read.record('footer', value)
  read.keys('footer', footer, ['style', 'links', 'copyright'])
  return {
    style: read.oneOf('footer.style', footer.style, ['dark', 'light'], 'dark'),
    links: read.array('footer.links', footer.links).map((column, columnIndex) => {
      const path = `footer.links[${columnIndex}]`
      const record = read.record(path, column)
      read.keys(path, record, ['title', 'items'])
      return {
        title: read.requiredString(`${path}.title`, record.title),
        items: read.array(`${path}.items`, record.items).map((item, itemIndex) => {
          const itemPath = `${path}.items[${itemIndex}]`
          const itemRecord = read.record(itemPath, item)
          read.keys(itemPath, itemRecord, ['label', 'to', 'href'])
          return { label: read.requiredString(`${itemPath}.label`, itemRecord.label), ...read.linkTarget(itemPath, itemRecord) }
        }),
      }
    }),
    copyright: read.string('footer.copyright', footer.copyright, ''),
  }
}

function resolveLogin(read: Reader, report: Report, value: unknown): ResolvedLogin {
  const login = read.record('login', value)
  read.keys('login', login, [
    'orgID', 'forceLogin', 'baseURL', 'sdkURL', 'uxMode', 'privateRedirectPath', 'privatePaths', 'formConfiguration',
    'oidcClientID', 'oidcProvider',
  ])
  const form = read.record('login.formConfiguration', login.formConfiguration)
  read.keys('login.formConfiguration', form, ['factors', 'logo', 'storeLastHandle', 'text', 'defaultCountryCode'])
  const oidcClientID = read.optionalString('login.oidcClientID', login.oidcClientID)
  const oidcProvider = read.optionalString('login.oidcProvider', login.oidcProvider)
  if ((oidcClientID === undefined) !== (oidcProvider === undefined))
    report(oidcClientID === undefined ? 'login.oidcProvider' : 'login.oidcClientID', 'needs both oidcClientID and oidcProvider to add an external sign-in provider')

  let factors = read.array('login.formConfiguration.factors', form.factors).map((factor, index) => {
    const path = `login.formConfiguration.factors[${index}]`
    const record = read.record(path, factor)
    read.keys(path, record, ['method', 'options', 'label'])
    return {
      method: read.oneOf(`${path}.method`, record.method, factorMethods, 'email_link'),
      options: read.record(`${path}.options`, record.options),
      label: read.optionalString(`${path}.label`, record.label),
    }
  })
  if (factors.length === 0) factors = [{ method: loginDefaults.defaultFactor, options: {}, label: undefined }]
  // The anchor site's legacy pair: an external provider becomes a second factor, in a popup (spec 000 §6).
  if (oidcClientID !== undefined && oidcProvider !== undefined && !factors.some((factor) => factor.method === 'oidc'))
    factors = [...factors, { method: 'oidc', options: { client_id: oidcClientID, provider: oidcProvider, ux_mode: 'popup' }, label: undefined }]

  const text = read.record('login.formConfiguration.text', form.text)
  for (const [key, entry] of Object.entries(text))
    if (typeof entry !== 'string') report(`login.formConfiguration.text.${key}`, `must be a string, got ${describe(entry)}`)

  return {
    orgID: read.requiredString('login.orgID', login.orgID),
    forceLogin: read.boolean('login.forceLogin', login.forceLogin, loginDefaults.forceLogin),
    baseURL: read.httpUrl('login.baseURL', login.baseURL, loginDefaults.baseURL),
    sdkURL: read.httpUrl('login.sdkURL', login.sdkURL, loginDefaults.sdkURL),
    uxMode: read.oneOf('login.uxMode', login.uxMode, ['redirect', 'modal'], loginDefaults.uxMode),
    privateRedirectPath: read.routePath('login.privateRedirectPath', login.privateRedirectPath, loginDefaults.privateRedirectPath),
    privatePaths: read.array('login.privatePaths', login.privatePaths).map((rule, index) => {
      const path = `login.privatePaths[${index}]`
      if (typeof rule === 'string') return { path: rule, groups: [] }
      const record = read.record(path, rule)
      read.keys(path, record, ['path', 'groups'])
      if (record.path instanceof RegExp) {
        // A RegExp cannot survive serialisation into the client (the anchor site silently made such pages public).
        report(`${path}.path`, 'must be a string (a path or a glob), not a RegExp', 'Write the rule as a glob, e.g. "/docs/Private/**".')
        return { path: String(record.path), groups: [] }
      }
      return { path: read.requiredString(`${path}.path`, record.path), groups: read.stringArray(`${path}.groups`, record.groups) }
    }),
    formConfiguration: {
      factors,
      logo: read.safeUrl('login.formConfiguration.logo', read.optionalString('login.formConfiguration.logo', form.logo)),
      storeLastHandle: read.boolean('login.formConfiguration.storeLastHandle', form.storeLastHandle, loginDefaults.storeLastHandle),
      text: text as Record<string, string>,
      defaultCountryCode: read.string('login.formConfiguration.defaultCountryCode', form.defaultCountryCode, loginDefaults.defaultCountryCode),
    },
    oidcClientID,
    oidcProvider,
  }
}

type Report = (path: string, message: string, suggestion?: string) => void
type Reader = ReturnType<typeof reader>

/** The `mustBe*` vocabulary: each reads one key, reports a problem and returns a safe fallback. */
function reader(report: Report, unknownKey: (path: string, key: string, allowed: readonly string[]) => void) {
  const basics = basicReader(report, unknownKey)
  return { ...basics, ...pathReader(report, basics) }
}

/** Keys, types and ranges. */
function basicReader(report: Report, unknownKey: (path: string, key: string, allowed: readonly string[]) => void) {
  const self = {
    keys(path: string, record: Record<string, unknown>, allowed: readonly string[]) {
      for (const key of Object.keys(record)) if (!allowed.includes(key)) unknownKey(path, key, allowed)
    },
    record(path: string, value: unknown): Record<string, unknown> {
      if (value === undefined || value === null) return {}
      if (isRecord(value)) return value
      report(path, `must be an object, got ${describe(value)}`)
      return {}
    },
    array(path: string, value: unknown): unknown[] {
      if (value === undefined) return []
      if (Array.isArray(value)) return value
      report(path, `must be an array, got ${describe(value)}`)
      return []
    },
    string(path: string, value: unknown, fallback: string): string {
      if (value === undefined) return fallback
      if (typeof value === 'string') return value
      report(path, `must be a string, got ${describe(value)}`)
      return fallback
    },
    optionalString(path: string, value: unknown): string | undefined {
      if (value === undefined) return undefined
      return self.string(path, value, '')
    },
    requiredString(path: string, value: unknown): string {
      if (typeof value === 'string' && value.trim() !== '') return value
      report(path, value === undefined ? 'is required' : `must be a non-empty string, got ${describe(value)}`)
      return ''
    },
    stringArray(path: string, value: unknown): string[] {
      if (value === undefined) return []
      if (Array.isArray(value) && value.every((entry) => typeof entry === 'string' && entry !== '')) return value as string[]
      report(path, `must be an array of non-empty strings, got ${describe(value)}`)
      return []
    },
    boolean(path: string, value: unknown, fallback: boolean): boolean {
      if (value === undefined) return fallback
      if (typeof value === 'boolean') return value
      report(path, `must be true or false, got ${describe(value)}`)
      return fallback
    },
    integer(path: string, value: unknown, fallback: number, min: number, max: number): number {
      if (value === undefined) return fallback
      if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value
      report(path, `must be a whole number from ${min} to ${max}, got ${describe(value)}`)
      return fallback
    },
    oneOf<T extends string>(path: string, value: unknown, allowed: readonly T[], fallback: T): T {
      if (value === undefined) return fallback
      if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
      const near = typeof value === 'string' ? closest(value, allowed) : undefined
      report(path, `must be one of ${allowed.map((entry) => `'${entry}'`).join(', ')}, got ${describe(value)}`, near ? `Did you mean '${near}'?` : undefined)
      return fallback
    },
  }
  return self
}

/** Values that become paths, URLs and style: judged as a browser or a file system reads them. */
function pathReader(report: Report, basics: ReturnType<typeof basicReader>) {
  const self = {
    /** A route of this site as the manifest spells it: decoded, starting with "/", every part a portable name. */
    routePath(path: string, value: unknown, fallback: string): string {
      const text = basics.string(path, value, fallback)
      const problem = routePathProblem(text)
      if (problem !== undefined) report(path, `must be a route path of plain names, such as "${fallback}": "${text}" ${problem}`)
      return text
    },
    /** The route the docs are served under; as in Docusaurus, the slashes around it are optional ('docs', '/docs/'). */
    routeBasePath(path: string, value: unknown): string {
      if (typeof value !== 'string') return self.routePath(path, value, '/docs')
      const withSlash = value.startsWith('/') ? value : `/${value}`
      return self.routePath(path, withSlash.length > 1 && withSlash.endsWith('/') && !withSlash.endsWith('//') ? withSlash.slice(0, -1) : withSlash, '/docs')
    },
    /** A URL path prefix, given with or without its leading and trailing "/" (as in Docusaurus). */
    baseUrl(path: string, value: unknown): string {
      const text = basics.string(path, value, '/')
      const problem = baseUrlProblem(text)
      if (problem) report(path, problem.message, problem.suggestion)
      const segments = text.split('/').filter(Boolean)
      return segments.length === 0 ? '/' : `/${segments.join('/')}/`
    },
    /** A URL as written (an href, an image): anything but a URL that runs code or carries a document of its own. */
    safeUrl(path: string, text: string | undefined): string | undefined {
      const problem = text === undefined ? undefined : unsafeUrlProblem(text)
      if (problem) report(path, problem, 'Use an https: URL, or a path of this site such as "/img/logo.svg".')
      return text
    },
    /** A colour that reaches a style attribute: only colour syntax, so it cannot add declarations or load URLs. */
    cssColor(path: string, value: unknown, fallback: string): string {
      const text = basics.string(path, value, fallback).trim()
      if (isCssColor(text)) return text
      report(path, `must be a CSS colour such as "#fff7d6", "rebeccapurple", "rgb(255 247 214)" or "var(--my-colour)", got "${text}"`)
      return fallback
    },
    httpUrl(path: string, value: unknown, fallback: string): string {
      const text = basics.string(path, value, fallback)
      if (!isHttpUrl(text)) report(path, `must be an http or https URL, got "${text}"`)
      return text
    },
    optionalUrl(path: string, value: unknown): string | undefined {
      if (value === undefined) return undefined
      return self.httpUrl(path, value, '')
    },
    linkTarget(path: string, record: Record<string, unknown>): { to: string | undefined; href: string | undefined } {
      const to = basics.optionalString(`${path}.to`, record.to)
      const href = self.safeUrl(`${path}.href`, basics.optionalString(`${path}.href`, record.href))
      if ((to === undefined) === (href === undefined)) report(path, 'needs exactly one of "to" (a route of this site) or "href" (an external URL)')
      if (to !== undefined && (!to.startsWith('/') || to.startsWith('//')))
        report(`${path}.to`, `must be a route path starting with "/"${to.startsWith('//') ? ' (not "//", which a browser reads as another host)' : ''}, got "${to}"`, `Use "href" for external links.`)
      return { to, href }
    },
  }
  return self
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp)
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (value instanceof RegExp) return `the RegExp ${String(value)}`
  if (typeof value === 'string') return `"${value}"`
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${String(value)}`
}
