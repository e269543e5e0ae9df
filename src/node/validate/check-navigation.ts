/** Navbar and footer links that point into the site (`to`) must reach a route or a file; a site-relative logo, a file. */
import { canonicalPath, safeDecode, stripRouteSuffix } from '../../shared/canonical-path.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Manifest } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { currentVersion } from '../config/resolve-versions.js'
import { closest } from '../../shared/closest.js'
import { locateInSource } from '../diagnostics/locate-in-source.js'
import type { ConfigSource } from './check-private-paths.js'

export function checkNavigation(manifest: Manifest, config: ResolvedConfig, source: ConfigSource): Diagnostic[] {
  const paths = new Set(manifest.routes.map((route) => route.path))
  const canonicalPaths = new Set(manifest.routes.map((route) => stripRouteSuffix(route.path)))
  const files = manifest.assets.filter((asset) => !asset.access.private).map((asset) => asset.path)
  const problems: Diagnostic[] = []
  for (const [index, item] of config.navbar.items.entries()) {
    if (item.sidebarId !== undefined && item.to === undefined)
      problems.push(
        diagnostic({
          file: source.file,
          ruleId: 'nav-missing-route',
          message: `navbar.items[${index}].sidebarId "${item.sidebarId}" names no sidebar with a page of the docs at ${config.docs.routeBasePath}${closestSidebar(item.sidebarId, manifest)}`,
          suggestion: 'Write the id of a sidebar: a key of the sidebars file, or docs.sidebarId without one.',
          ...locateInSource(source.text, item.sidebarId),
        }),
      )
    if (item.docId === undefined || item.to !== undefined) continue
    problems.push(
      diagnostic({
        file: source.file,
        ruleId: 'nav-missing-route',
        message: `navbar.items[${index}].docId "${item.docId}" names no doc of the docs at ${config.docs.routeBasePath}`,
        suggestion: 'Write the id of a doc: its path under the docs folder without the extension or number prefixes (such as "guides/intro"), or its front matter id.',
        ...locateInSource(source.text, item.docId),
      }),
    )
  }
  const links = [
    ...config.navbar.items.flatMap((item, index) => (item.docId === undefined && item.sidebarId === undefined ? [{ where: `navbar.items[${index}]`, to: item.to }] : [])),
    ...config.footer.links.flatMap((column, columnIndex) =>
      column.items.map((item, itemIndex) => ({ where: `footer.links[${columnIndex}].items[${itemIndex}]`, to: item.to })),
    ),
  ]
  // Docusaurus checks the links the navbar and footer draw as any other: under onBrokenLinks.
  for (const { where, to } of links) {
    if (to === undefined || config.onBrokenLinks === 'ignore') continue
    const path = to.split('#')[0]!
    const canonical = canonicalPath(path)
    if ((canonical !== undefined && canonicalPaths.has(canonical)) || files.includes(safeDecode(path))) continue
    const near = closest(path, [...paths])
    problems.push(
      diagnostic({
        file: source.file,
        ruleId: 'nav-missing-route',
        message: `${where}.to "${to}" matches no page`,
        // VitePress does not check its nav's links at all: a VitePress site's broken one is told, not fatal.
        severity: config.onBrokenLinks === 'warn' || config.folders.layout === 'vitepress' ? 'warning' : 'error',
        suggestion: near ? `Did you mean "${near}"? Routes are case-sensitive.` : 'Link to an existing route.',
        ...locateInSource(source.text, to),
      }),
    )
  }
  const logo = config.navbar.logo?.src
  const statics = config.folders.static ?? 'static'
  if (logo !== undefined && logo.startsWith('/') && !logo.startsWith('//') && !files.includes(safeDecode(logo.split(/[?#]/)[0]!))) {
    const near = closest(logo, files)
    problems.push(
      diagnostic({
        file: source.file,
        ruleId: 'missing-file',
        message: `navbar.logo.src "${logo}" matches no file in ${statics}/`,
        suggestion: near ? `Did you mean "${near}"?` : `Put the file in ${statics}/ (${statics}${logo} is served at ${logo}).`,
        ...locateInSource(source.text, logo),
      }),
    )
  }
  return problems
}

/** `: did you mean "x"?` for a sidebar id near one of the default version's, else nothing. */
function closestSidebar(id: string, manifest: Manifest): string {
  const prefix = manifest.version.name === currentVersion ? '' : `version-${manifest.version.name}/`
  const ids = Object.keys(manifest.sidebars).filter((key) => (prefix === '' ? !key.startsWith('version-') : key.startsWith(prefix))).map((key) => key.slice(prefix.length))
  const near = closest(id, ids)
  return near === undefined ? '' : ` (did you mean "${near}"?)`
}
