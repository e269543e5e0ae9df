/**
 * Every internal link in every page must reach a route, every `#anchor` a heading on that page,
 * every link to a `.md` file an existing file, every image and link to a file (`./shot.png`,
 * `/img/logo.svg`) a file beside the pages or in `static/`. Problems are collected, never thrown.
 */
import { canonicalPath, routeHref, safeDecode, stripRouteSuffix } from '../../shared/canonical-path.js'
import { diagnostic, type Diagnostic, type RuleId } from '../../shared/diagnostic.js'
import type { Manifest, Route } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { createSuggester } from '../../shared/create-suggester.js'
import { markdownLinkTarget, type ContentDocument, type ParsedContent } from '../content/parse-content.js'
import { posix } from 'node:path'

type Policy = ResolvedConfig['onBrokenLinks']

export function checkLinks(
  manifest: Manifest,
  documents: readonly ContentDocument[],
  assetFiles: ParsedContent['assetFiles'],
  config: ResolvedConfig,
): Diagnostic[] {
  const routes = new Map(manifest.routes.map((route) => [route.path, route]))
  // Links are looked up by the canonical form of the path they reach, as hosts and the gate do.
  const byCanonical = new Map(manifest.routes.map((route) => [stripRouteSuffix(route.path), route]))
  const routePaths = [...routes.keys()]
  const filesByPath = new Map(documents.map((document) => [document.file, document]))
  const assetsByPath = new Map(manifest.assets.map((asset) => [asset.path, asset]))
  // Relative links reach files beside the pages only: static/ is served at the root, not beside them.
  const assetsBySource = new Map(manifest.assets.filter((asset) => asset.source.startsWith('content/')).map((asset) => [asset.source, asset]))
  const staticBySource = new Map(assetFiles.filter((file) => file.kind === 'static').map((file) => [file.file, file]))
  const problems: Diagnostic[] = []
  const suggest = createSuggester()
  // A page can hold thousands of links to thousands of headings: each looked up, not searched for.
  const headingIds = new Map<Route, Set<string>>()
  const hasHeading = (route: Route, id: string) => {
    let ids = headingIds.get(route)
    if (!ids) headingIds.set(route, (ids = new Set(route.headings.map((heading) => heading.id))))
    return ids.has(id)
  }

  const report = (policy: Policy, ruleId: RuleId, document: ContentDocument, position: { line: number; column: number } | undefined, message: string, suggestion?: string) => {
    if (policy === 'ignore') return
    problems.push(diagnostic({ file: document.file, ruleId, message, suggestion, severity: policy === 'throw' ? 'error' : 'warning', ...position }))
  }

  const checkAnchor = (document: ContentDocument, position: { line: number; column: number } | undefined, url: string, target: Route, hash: string) => {
    if (hash === '' || hasHeading(target, hash)) return
    const near = suggest(hash, () => target.headings.map((heading) => heading.id))
    const listed = target.headings.slice(0, 8).map((heading) => `#${heading.id}`)
    report(
      config.onBrokenAnchors,
      'missing-anchor',
      document,
      position,
      `Link "${url}" points to "#${hash}", which is not a heading on "${target.path}"`,
      near
        ? `Did you mean "#${near}"?`
        : listed.length > 0
          ? `Headings on that page: ${listed.join(', ')}${target.headings.length > 8 ? ', …' : ''}.`
          : 'That page has no headings; link to the page without a "#".',
    )
  }

  for (const document of documents) {
    for (const { url, position, image = false } of document.links) {
      if (isExternal(url)) continue
      const hashIndex = url.indexOf('#')
      const hash = hashIndex === -1 ? '' : safeDecode(url.slice(hashIndex + 1))
      const pathPart = hashIndex === -1 ? url : url.slice(0, hashIndex)

      if (pathPart === '') {
        const self = routes.get(document.route)
        if (self) checkAnchor(document, position, url, self, hash)
        continue
      }

      const filePath = safeDecode(pathPart.split('?')[0]!)
      const sourceFolder = posix.dirname(document.file)
      const asset = filePath.startsWith('/') ? assetsByPath.get(filePath) : assetsBySource.get(posix.join(sourceFolder, filePath))
      if (asset) {
        if (asset.access.private && !routes.get(document.route)?.access.private)
          problems.push(
            diagnostic({
              file: document.file,
              ruleId: 'private-link',
              severity: 'warning',
              message: `Public page ${image ? 'shows' : 'links to'} the private file "${asset.path}", which most readers cannot open`,
              suggestion: 'Use a public file instead, or make this page private too.',
              ...position,
            }),
          )
        continue
      }

      const fileTarget = markdownLinkTarget(pathPart, document.file, document.kind === 'doc' ? 'doc' : 'page')
      if (fileTarget !== undefined) {
        const targetDocument = filesByPath.get(fileTarget)
        if (!targetDocument) {
          const candidates = () => documents.map((candidate) => posix.relative(posix.dirname(document.file), candidate.file))
          const near = suggest(posix.relative(posix.dirname(document.file), fileTarget), candidates)
          report(
            config.onBrokenLinks,
            'missing-file',
            document,
            position,
            `Link "${safeDecode(url)}" names a file that does not exist (resolved as "${fileTarget}")`,
            near ? `Did you mean "${near.startsWith('.') ? near : `./${near}`}"?` : 'Check the file name; links to .md files are relative to the linking file.',
          )
          continue
        }
        const target = routes.get(targetDocument.route)
        if (target) checkAnchor(document, position, url, target, hash)
        continue
      }

      const resolved = resolveRoutePath(pathPart, document.route)
      const target = resolved === undefined ? undefined : byCanonical.get(resolved)
      if (!target && (image || looksLikeFile(filePath))) {
        const relativeLink = !filePath.startsWith('/')
        const resolvedSource = posix.join(sourceFolder, filePath)
        const staticFile = relativeLink ? staticBySource.get(resolvedSource) : undefined
        const candidates = () =>
          relativeLink ? assetFiles.filter((file) => file.kind === 'asset').map((file) => posix.relative(sourceFolder, file.file)) : assetFiles.map((file) => file.path)
        const near = suggest(relativeLink ? posix.normalize(filePath) : filePath, candidates)
        report(
          config.onBrokenLinks,
          'missing-file',
          document,
          position,
          staticFile
            ? `${image ? 'Image' : 'Link'} "${safeDecode(url)}" reaches into static/, which is not published beside the pages`
            : relativeLink
              ? `${image ? 'Image' : 'Link'} "${safeDecode(url)}" names a file that does not exist (resolved as "${resolvedSource}")`
              : `${image ? 'Image' : 'Link'} "${safeDecode(url)}" matches no file in static/ or beside the pages`,
          staticFile
            ? `Files in static/ are served at the site root: write "${staticFile.path}".`
            : near
              ? `Did you mean "${relativeLink && !near.startsWith('.') ? `./${near}` : near}"?`
              : relativeLink
                ? 'Put the file beside the page; paths are relative to the page\'s source file.'
                : 'Put the file in static/ (static/img/logo.svg is served at /img/logo.svg).',
        )
        continue
      }
      if (!target) {
        const shown = resolved ?? safeDecode(pathPart)
        const withoutBase = withoutBaseUrl(shown, config.baseUrl)
        const near = suggest(shown, () => routePaths)
        report(
          config.onBrokenLinks,
          'missing-route',
          document,
          position,
          `Link "${safeDecode(url)}" matches no page${resolved !== undefined && resolved !== stripRouteSuffix(safeDecode(pathPart)) ? ` (resolved as "${resolved}")` : ''}`,
          withoutBase !== undefined && byCanonical.has(stripRouteSuffix(withoutBase))
            ? `Write the link without the base URL, as "${withoutBase}": docsgen publishes it under "${config.baseUrl}".`
            : near
              ? `Did you mean "${near}"?`
              : 'Link to an existing route, or create the page.',
        )
        continue
      }
      checkAnchor(document, position, url, target, hash)
      if (target.access.private && !routes.get(document.route)?.access.private)
        problems.push(
          diagnostic({
            file: document.file,
            ruleId: 'private-link',
            severity: 'warning',
            message: `Public page links to the private page "${target.path}", which most readers cannot open`,
            suggestion: 'Link to a public page instead, or make this page private too.',
            ...position,
          }),
        )
    }
  }
  return problems
}

/** A root-relative path that starts with the site's base URL, without it; links name routes, not URLs. */
function withoutBaseUrl(path: string, baseUrl: string): string | undefined {
  return baseUrl !== '/' && `${path}/`.startsWith(baseUrl) ? path.slice(baseUrl.length - 1) || '/' : undefined
}

/** A path ending in an extension other than a page's is a file (`guide.pdf`), not a route. */
function looksLikeFile(path: string): boolean {
  return /\.[a-z\d]{1,8}$/i.test(path) && !/\.(html?|md)$/i.test(path)
}

/** Links with a scheme (`https:`, `mailto:`) or protocol-relative ones leave the site. */
function isExternal(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')
}

/**
 * Resolves a link against the page it is on, the way a browser would, into a canonical route
 * path: a relative link continues the page's folder. No URL parser: it would read "\\host" as
 * another host, where canonicalPath refuses the backslash.
 */
function resolveRoutePath(pathPart: string, fromRoute: string): string | undefined {
  const path = pathPart.replace(/\?[^]*$/, '')
  return canonicalPath(path.startsWith('/') ? path : `${routeHref(fromRoute.slice(0, fromRoute.lastIndexOf('/') + 1))}${path}`)
}
