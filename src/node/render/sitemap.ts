import { siteHref } from '../../shared/canonical-path.js'
import type { Manifest } from '../../shared/manifest.js'

/** `sitemap.xml`: public, indexable routes only; private and unlisted routes, a noIndex version's, redirects and the 404 page stay out. */
export function sitemap(manifest: Manifest, origin: string, baseUrl: string): string {
  const base = origin.replace(/\/$/, '')
  const hidden = new Set(manifest.versions.filter((version) => version.noIndex).map((version) => version.name))
  const entries = manifest.routes
    .filter((route) => !route.access.private && !route.display?.unlisted && route.kind !== 'redirect' && route.kind !== 'notFound' && !(route.version !== undefined && hidden.has(route.version)))
    .map((route) => `  <url><loc>${base}${siteHref(baseUrl, route.path).replace(/&/g, '&amp;')}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`
}
