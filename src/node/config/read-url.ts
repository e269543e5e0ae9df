/**
 * Config values that reach a URL or a style attribute, judged as a browser reads them, and read
 * from the config with them: the base URL every href starts with, the site's origin, hrefs and
 * image URLs as written, link targets, and colours.
 */
import type { ValueAt } from '../../shared/read-value.js'
import { unsafeSchemes, urlScheme } from '../../shared/url-scheme.js'

/** A part of a URL path as it may be written in an href: encoded where it must be. */
const urlPathSegment = /^(?:[\w\-.~!$&'()*+,;=:@]|%[\da-f]{2})*$/i
// Dot segments count however they are spelt: a browser resolves "%2e%2e" as "..".
const dotSegment = /^(\.|%2e){1,2}$/i

/** What is wrong with a base URL as written, and the one to write instead; undefined when it is a plain URL path. */
export function baseUrlProblem(text: string): { message: string; suggestion: string } | undefined {
  const segments = text.split('/').filter(Boolean)
  if (!/^[a-z][a-z\d+.-]*:/i.test(text) && segments.every((segment) => !dotSegment.test(segment) && urlPathSegment.test(segment))) return undefined
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/]*/i.exec(text)?.[0]
  const pathOnly = (origin ? text.slice(origin.length) : text)
    .split(/[?#]/)[0]!
    .split('/')
    .filter((segment) => segment && !dotSegment.test(segment))
    .map((segment) => segment.replace(/[^\w\-.~!$&'()*+,;=:@%]|%(?![\da-f]{2})/gi, encodeURIComponent))
  return {
    message: `must be the URL path the site is served under, such as "/" or "/handbook/" (no origin, query, fragment, dot segments, or characters a URL path must encode, such as spaces), got "${text}"`,
    suggestion: `Write baseUrl: '${pathOnly.length === 0 ? '/' : `/${pathOnly.join('/')}/`}'${origin ? ` and url: '${origin}'` : ''}.`,
  }
}

/** Why an href or image URL may not be used (it runs code or carries a document of its own), or undefined. */
export function unsafeUrlProblem(text: string): string | undefined {
  const scheme = urlScheme(text)
  if (scheme === undefined || !unsafeSchemes.has(scheme)) return undefined
  return `must not be a ${scheme}: URL, which ${scheme === 'data' ? 'carries a document of its own' : 'runs code'}, got "${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`
}

/** Hex, a keyword, a colour function of numbers, or a custom property: nothing that ends a declaration or loads a URL. */
export function isCssColor(text: string): boolean {
  return /^(#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})|[a-z]+|(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([\w\s.,%/+-]*\)|var\(--[\w-]+\))$/i.test(text)
}

export function readSiteUrl(at: ValueAt): string | undefined {
  const url = readHttpUrl(at, undefined)
  const parsed = url === undefined || !isHttpUrl(url) ? undefined : new URL(url)
  if (!parsed) return undefined
  if (parsed.pathname !== '/') {
    const path = parsed.pathname.endsWith('/') ? parsed.pathname : `${parsed.pathname}/`
    at.fail(`must be an origin only, got "${url}"`, `Write url: '${parsed.origin}' and baseUrl: '${path}' (as in Docusaurus).`)
  } else if (parsed.search || parsed.hash || parsed.username || parsed.password || !/^([a-z\d-]+\.)*[a-z\d-]+$|^\[[\da-f:.]+\]$/i.test(parsed.hostname)) {
    at.fail(`must be an origin only, such as "https://docs.example.org" (a host name, no credentials, query or fragment), got "${url}"`)
  }
  return parsed.origin
}

/** A URL path prefix, given with or without its leading and trailing "/" (as in Docusaurus). */
export function readBaseUrl(at: ValueAt): string {
  const text = at.string() ?? '/'
  const problem = baseUrlProblem(text)
  if (problem) at.fail(problem.message, problem.suggestion)
  const segments = text.split('/').filter(Boolean)
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`
}

/** A URL as written (an href, an image): anything but a URL that runs code or carries a document of its own. */
export function readSafeUrl(at: ValueAt, text: string | undefined): string | undefined {
  const problem = text === undefined ? undefined : unsafeUrlProblem(text)
  if (problem) at.fail(problem, 'Use an https: URL, or a path of this site such as "/img/logo.svg".')
  return text
}

/** A colour that reaches a style attribute: only colour syntax, so it cannot add declarations or load URLs. */
export function readCssColor(at: ValueAt, fallback: string): string {
  const text = (at.string() ?? fallback).trim()
  if (isCssColor(text)) return text
  at.fail(`must be a CSS colour such as "#fff7d6", "rebeccapurple", "rgb(255 247 214)" or "var(--my-colour)", got "${text}"`)
  return fallback
}

export function readHttpUrl(at: ValueAt, fallback: string | undefined): string | undefined {
  const text = at.string() ?? fallback
  if (text !== undefined && at.value !== undefined && !isHttpUrl(text)) at.fail(`must be an http or https URL, got "${text}"`)
  return text
}

export function readLinkTarget(at: ValueAt): { to: string | undefined; href: string | undefined } {
  const to = at.get('to').string()
  const href = readSafeUrl(at.get('href'), at.get('href').string())
  if ((to === undefined) === (href === undefined)) at.fail('needs exactly one of "to" (a route of this site) or "href" (an external URL)')
  if (to !== undefined && (!to.startsWith('/') || to.startsWith('//')))
    at.get('to').fail(`must be a route path starting with "/"${to.startsWith('//') ? ' (not "//", which a browser reads as another host)' : ''}, got "${to}"`, 'Use "href" for external links.')
  return { to, href }
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Where a page's source is edited: an http(s) URL to which the page's file, relative to the site
 * folder, is added (Docusaurus's editUrl: `https://github.com/org/repo/edit/main/`), or one with
 * `:path`, which is replaced by the file relative to its docs or blog folder (VitePress's
 * editLink.pattern: `https://github.com/org/repo/edit/main/docs/:path`).
 */
export function readEditUrl(at: ValueAt): string | undefined {
  return readHttpUrl(at, undefined)
}
