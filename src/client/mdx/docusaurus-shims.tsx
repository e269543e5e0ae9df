/**
 * What MDX pages and site components written for Docusaurus import from `@docusaurus/…`, drawn
 * on the server: links, base URLs, the site's settings. `BrowserOnly` and `Head` draw nothing.
 */
import type { ReactElement, ReactNode } from 'react'

/** Set by the thread that renders MDX pages, before it renders them. */
export interface DocusaurusSite {
  readonly baseUrl: string
  readonly siteConfig: { readonly title: string; readonly tagline: string; readonly url: string; readonly baseUrl: string; readonly customFields: Record<string, unknown> }
}

const site = (): DocusaurusSite => (globalThis as { __docsgenSite?: DocusaurusSite }).__docsgenSite ?? { baseUrl: '/', siteConfig: { title: '', tagline: '', url: '', baseUrl: '/', customFields: {} } }

export function useBaseUrl(path = ''): string {
  const { baseUrl } = site()
  return path.startsWith('/') && !path.startsWith('//') ? `${baseUrl.replace(/\/$/, '')}${path}` : path
}

export function useDocusaurusContext(): { siteConfig: DocusaurusSite['siteConfig'] } {
  return { siteConfig: site().siteConfig }
}

export function Link({ to, href, children, ...rest }: { readonly to?: string; readonly href?: string; readonly children?: ReactNode; readonly [key: string]: unknown }): ReactElement {
  return (
    <a {...rest} href={to === undefined ? href : useBaseUrl(to)}>
      {children}
    </a>
  )
}

export function BrowserOnly({ fallback }: { readonly fallback?: ReactNode }): ReactElement {
  return <>{fallback ?? null}</>
}

export function Head(): null {
  return null
}

export function useLocation(): { pathname: string; search: string; hash: string } {
  return { pathname: '/', search: '', hash: '' }
}
