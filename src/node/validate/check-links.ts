/**
 * Every internal link in every page must reach a route, every `#anchor` a heading on that page,
 * every link to a `.md` file an existing file, every image and link to a file (`./shot.png`,
 * `/img/logo.svg`) a file beside the pages or in `static/`. Each link is resolved as content
 * rewrote it (resolve-link.ts), then handed to the reporter of each rule it can break. Problems
 * are collected, never thrown.
 */
import { posix } from 'node:path'
import { safeDecode, stripRouteSuffix, withoutLinkedBaseUrl } from '../../shared/canonical-path.js'
import { createSuggester } from '../../shared/create-suggester.js'
import { diagnostic, type Diagnostic, type RuleId } from '../../shared/diagnostic.js'
import type { Asset, Manifest, Route, SourceLink } from '../../shared/manifest.js'
import { isDocusaurusFolder, type ResolvedConfig } from '../config/resolve-config.js'
import type { ContentDocument, ParsedContent } from '../content/parse-content.js'
import { resolveLink, type LinkTargets, type ResolvedLink } from '../content/resolve-link.js'

/** One link being checked: where it is written and what it reaches. */
interface At {
  readonly document: ContentDocument
  readonly link: SourceLink
}

/** The links of `only` (default: every document) checked against the whole site. */
export function checkLinks(
  manifest: Manifest,
  content: Pick<ParsedContent, 'documents' | 'assetFiles' | 'drafts'>,
  config: ResolvedConfig,
  only: readonly ContentDocument[] = content.documents,
): Diagnostic[] {
  const { documents, assetFiles } = content
  const site = siteIndex(manifest, content)
  const problems: Diagnostic[] = []
  const rules = linkRules(site, documents, assetFiles, config, problems)
  const baseUrlInLinks = isDocusaurusFolder(config)
  for (const document of only) {
    for (const link of document.links) {
      const at = { document, link }
      const target = resolveLink(baseUrlInLinks ? withoutLinkedBaseUrl(link.url, config.baseUrl) : link.url, document, site.targets)
      if (target.kind === 'anchor') {
        const self = site.routes.get(document.route)
        if (self) rules.missingAnchor(at, self, target.hash)
      } else if (target.kind === 'asset') {
        const asset = site.assetsByPath.get(target.path)
        if (asset?.access.private) rules.privateLink(at, `${link.image ? 'shows' : 'links to'} the private file "${asset.path}"`, 'Use a public file instead')
      } else if (target.kind === 'document') {
        const route = target.route === undefined ? undefined : site.routes.get(target.route)
        if (target.route === undefined) rules.missingDocument(at, target.file, target.draft)
        else if (route) checkPage(at, route, target.hash, rules)
      } else if (target.kind === 'route') {
        checkRoute(at, target, site, rules, config.trailingSlash)
      }
    }
  }
  return problems
}

function checkRoute(at: At, target: Extract<ResolvedLink, { kind: 'route' }>, site: SiteIndex, rules: LinkRules, trailingSlash: boolean | undefined): void {
  const path = target.path
  const route = path === undefined ? undefined : (site.byCanonical.get(path) ?? folderPage(path, site))
  if (!route) {
    if (at.link.image || looksLikeFile(target.written)) rules.missingFile(at, target)
    else rules.missingRoute(at, path)
    return
  }
  // A page written as `intro.html` is not found at `intro/` on a static host (with trailingSlash set, content rewrote the link).
  if (trailingSlash === undefined && target.written.endsWith('/') && target.written !== '/' && !route.file.endsWith('index.html')) rules.slashToFile(at, route)
  checkPage(at, route, target.hash, rules)
}

/** A link that reaches a page: its `#hash` must be a heading there, and a public page is told when the page is private. */
function checkPage(at: At, route: Route, hash: string, rules: LinkRules): void {
  rules.missingAnchor(at, route, hash)
  if (route.access.private) rules.privateLink(at, `links to the private page "${route.path}"`, 'Link to a public page instead')
}

/** `…/index` names the folder's own page when it is written as `folder/index.html`, where hosts serve `/folder/index` from. */
function folderPage(path: string, site: SiteIndex): Route | undefined {
  if (!path.endsWith('/index')) return undefined
  const folder = site.byCanonical.get(path.slice(0, -'/index'.length) || '/')
  return folder?.file.endsWith('index.html') ? folder : undefined
}

type SiteIndex = ReturnType<typeof siteIndex>

/** The routes and files links may reach, looked up by the forms links name them in. */
function siteIndex(manifest: Manifest, { documents, assetFiles, drafts }: Pick<ParsedContent, 'documents' | 'assetFiles' | 'drafts'>) {
  // The docs and blog folders are not always under content/ (a Docusaurus site's docs/, versioned_docs/).
  const staticFiles = new Set(assetFiles.filter((file) => file.kind === 'static').map((file) => file.file))
  const targets: LinkTargets = {
    drafts: new Set(drafts),
    routeOfFile: new Map(documents.map((document) => [document.file, document.route])),
    // Files beside the pages; a relative link into static/ reaches its file through siteFiles.
    fileAssets: new Map(manifest.assets.filter((asset) => !staticFiles.has(asset.source)).map((asset) => [asset.source, asset.path])),
    servedAssets: new Map(manifest.assets.map((asset) => [asset.path, asset.source])),
    siteFiles: new Map(manifest.assets.map((asset) => [asset.source, asset.path])),
  }
  return {
    targets,
    routes: new Map(manifest.routes.map((route) => [route.path, route])),
    // Links are looked up by the canonical form of the path they reach, as hosts and the gate do.
    byCanonical: new Map(manifest.routes.map((route) => [stripRouteSuffix(route.path), route])),
    assetsByPath: new Map<string, Asset>(manifest.assets.map((asset) => [asset.path, asset])),
  }
}

type LinkRules = ReturnType<typeof linkRules>

/** One reporter per rule a link can break. */
function linkRules(site: SiteIndex, documents: readonly ContentDocument[], assetFiles: ParsedContent['assetFiles'], config: ResolvedConfig, problems: Diagnostic[]) {
  const reporting = createReporting(site, config, problems)
  return { ...pageRules(reporting), ...fileRules(reporting, documents, assetFiles) }
}

type Reporting = ReturnType<typeof createReporting>

/** What every rule reports with: the site, the policies and where problems go. */
function createReporting(site: SiteIndex, config: ResolvedConfig, problems: Diagnostic[]) {
  const suggest = createSuggester()
  const routePaths = [...site.routes.keys()]
  // The suggestion is worked out only for a problem that is reported: "did you mean" costs nothing when links are ignored.
  const report = (policy: ResolvedConfig['onBrokenLinks'], ruleId: RuleId, { document, link }: At, message: string, suggestion: () => string) => {
    if (policy !== 'ignore') problems.push(diagnostic({ file: document.file, ruleId, message, suggestion: suggestion(), severity: policy === 'throw' ? 'error' : 'warning', ...link.position }))
  }
  const shown = (at: At) => safeDecode(at.link.url)
  // A page can hold thousands of links to thousands of headings: each looked up, not searched for.
  const headingIds = new Map<Route, Set<string>>()
  const hasHeading = (route: Route, id: string) => {
    let ids = headingIds.get(route)
    if (!ids) headingIds.set(route, (ids = new Set(route.headings.map((heading) => heading.id))))
    return ids.has(id)
  }
  return { site, config, problems, suggest, routePaths, report, shown, hasHeading }
}

/** Links to pages: their anchors, routes, trailing slashes, and private pages linked from public ones. */
function pageRules({ site, config, problems, suggest, routePaths, report, shown, hasHeading }: Reporting) {
  return {
    missingAnchor(at: At, target: Route, hash: string): void {
      if (hash === '' || hasHeading(target, hash)) return
      report(config.onBrokenAnchors, 'missing-anchor', at, `Link "${at.link.url}" points to "#${hash}", which is not a heading on "${target.path}"`, () => {
        const near = suggest(hash, () => target.headings.map((heading) => heading.id), `#${target.path}`)
        const listed = target.headings.slice(0, 8).map((heading) => `#${heading.id}`)
        const others = listed.length > 0 ? `Headings on that page: ${listed.join(', ')}${target.headings.length > 8 ? ', …' : ''}.` : 'That page has no headings; link to the page without a "#".'
        return near ? `Did you mean "#${near}"?` : others
      })
    },

    missingRoute(at: At, resolved: string | undefined): void {
      const pathPart = at.link.url.split('#')[0]!
      const written = resolved ?? safeDecode(pathPart)
      const resolvedNote = resolved !== undefined && resolved !== stripRouteSuffix(safeDecode(pathPart)) ? ` (resolved as "${resolved}")` : ''
      report(config.onBrokenLinks, 'missing-route', at, `Link "${shown(at)}" matches no page${resolvedNote}`, () => {
        const withoutBase = withoutBaseUrl(written, config.baseUrl)
        if (withoutBase !== undefined && site.byCanonical.has(stripRouteSuffix(withoutBase)))
          return `Write the link without the base URL, as "${withoutBase}": docsgen publishes it under "${config.baseUrl}".`
        const near = suggest(written, () => routePaths, 'routes')
        return near ? `Did you mean "${near}"?` : 'Link to an existing route, or create the page.'
      })
    },

    /** A link ending in "/" to a page written as `page.html`, which static hosts answer with 404. */
    slashToFile(at: At, route: Route): void {
      const message = `Link "${shown(at)}" ends with "/", but its page is written as "${route.file}": a static host answers "${route.path}/" with 404`
      report(config.onBrokenLinks, 'missing-route', at, message, () => `Write "${route.path}" without the final "/", or set trailingSlash: true in the site config.`)
    },

    /** A public page that leads to something most readers cannot open (a warning whatever the policy). */
    privateLink(at: At, what: string, instead: string): void {
      if (site.routes.get(at.document.route)?.access.private) return
      problems.push(
        diagnostic({
          file: at.document.file,
          ruleId: 'private-link',
          severity: 'warning',
          message: `Public page ${what}, which most readers cannot open`,
          suggestion: `${instead}, or make this page private too.`,
          ...at.link.position,
        }),
      )
    },
  }
}

/** Links to files: `.md` files and files beside the pages or in static/. */
function fileRules({ site, config, suggest, report, shown }: Reporting, documents: readonly ContentDocument[], assetFiles: ParsedContent['assetFiles']) {
  return {
    /**
     * A link to a `.md` file that is not there, or is a draft this build leaves out: under the
     * stricter of onBrokenMarkdownLinks and onBrokenLinks, as in Docusaurus, whose link checker
     * then finds the link left as written.
     */
    missingDocument(at: At, file: string, draft: boolean): void {
      const policy = stricter(config.onBrokenMarkdownLinks, config.onBrokenLinks)
      if (draft)
        return report(policy, 'missing-file', at, `Link "${shown(at)}" names a draft ("${file}"), which this build leaves out`, () => 'Link to it once it is published (remove "draft: true"), or remove the link.')
      report(policy, 'missing-file', at, `Link "${shown(at)}" names a file that does not exist (resolved as "${file}")`, () => {
        const folder = posix.dirname(at.document.file)
        const near = suggest(posix.relative(folder, file), () => documents.map((candidate) => posix.relative(folder, candidate.file)), `md:${folder}`)
        return near ? `Did you mean "${near.startsWith('.') ? near : `./${near}`}"?` : 'Check the file name; links to .md files are relative to the linking file.'
      })
    },

    /** An image, or a link that names a file by its extension, that reaches no file. */
    missingFile(at: At, target: Extract<ResolvedLink, { kind: 'route' }>): void {
      const what = at.link.image ? 'Image' : 'Link'
      // static/, or a VitePress site's public/.
      const statics = config.folders.static ?? 'static'
      const relativeLink = !target.written.startsWith('/')
      const message = relativeLink ? `${what} "${shown(at)}" names a file that does not exist (resolved as "${target.source}")` : `${what} "${shown(at)}" matches no file in ${statics}/ or beside the pages`
      report(config.onBrokenLinks, 'missing-file', at, message, () => {
        const folder = posix.dirname(at.document.file)
        const candidates = () => (relativeLink ? assetFiles.filter((file) => file.kind === 'asset').map((file) => posix.relative(folder, file.file)) : assetFiles.map((file) => file.path))
        const near = suggest(relativeLink ? posix.normalize(target.written) : target.written, candidates, relativeLink ? `file:${folder}` : 'files')
        const fix = relativeLink ? "Put the file beside the page; paths are relative to the page's source file." : `Put the file in ${statics}/ (${statics}/img/logo.svg is served at /img/logo.svg).`
        return near ? `Did you mean "${relativeLink && !near.startsWith('.') ? `./${near}` : near}"?` : fix
      })
    },
  }
}

/** A root-relative path that starts with the site's base URL, without it; links name routes, not URLs. */
function withoutBaseUrl(path: string, baseUrl: string): string | undefined {
  return baseUrl !== '/' && `${path}/`.startsWith(baseUrl) ? path.slice(baseUrl.length - 1) || '/' : undefined
}

/** A path ending in an extension other than a page's is a file (`guide.pdf`), not a route. */
function looksLikeFile(path: string): boolean {
  return /\.[a-z\d]{1,8}$/i.test(path) && !/\.(html?|md)$/i.test(path)
}

type Policy = ResolvedConfig['onBrokenLinks']
const strictness: readonly Policy[] = ['ignore', 'warn', 'throw']

function stricter(one: Policy, other: Policy): Policy {
  return strictness.indexOf(one) >= strictness.indexOf(other) ? one : other
}
