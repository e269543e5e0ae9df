/**
 * The site as `docsgen serve` first sees it, before its first build has parsed every page's body
 * (early-pages.ts): the config, every page's route, title and place in the sidebar (each Markdown
 * page parsed only as far as its lead, page-lead.ts), and the manifest made of them; a page asked
 * for is then rendered with its own body parsed whole. It runs on the server's thread, beside the
 * build's, and writes only into a folder of its own.
 *
 * A page drawn from it may differ from the build's (a description written further down a page
 * than its lead; the search box, which the build's index may fail to make): every page open when
 * the first build ends is reloaded. Only a site that signs nobody in is skimmed: there is then no
 * private page, and no private text, to keep out.
 */
import { join } from 'node:path'
import type { BuiltSite } from '../build.js'
import { bundleClient } from '../bundle/bundle-client.js'
import { readCustomCss } from '../config/read-custom-css.js'
import { readSiteConfig } from '../config/read-site-config.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { createBodyFolder } from '../content/page-bodies.js'
import { readSiteContent } from '../content/read-site-content.js'
import { buildManifest } from '../manifest/build-manifest.js'
import { withNavbarRoutes } from '../manifest/navbar-routes.js'
import { themeStylesheet, type Stylesheet } from '../render/theme-stylesheet.js'
import { userCodeTimeLimitMs } from '../workers/run-user-code.js'
import { pageHead } from '../write/reader-assets.js'
import { seoFiles } from '../write/seo-files.js'

/** What a page is rendered from: a BuiltSite's parts that rendering reads. */
export type SkimmedPages = Pick<BuiltSite, 'config' | 'manifest' | 'content' | 'render' | 'stylesheet'>

export interface SkimmedSite {
  /** Every page as skimmed. */
  readonly pages: SkimmedPages
  /** The same with the page of `file` parsed whole; undefined if the site can no longer be skimmed (it changed). */
  readonly withPage: (file: string) => Promise<SkimmedPages | undefined>
  /** Removes what was written (the pages' bodies). */
  readonly remove: () => void
}

/**
 * The site of `siteDir` skimmed, as `serve` builds it (drafts included); undefined when it
 * cannot be (it signs readers in, its config or content has errors, which the build reports).
 */
export async function skimSite(siteDir: string): Promise<SkimmedSite | undefined> {
  const { site } = await readSiteConfig(siteDir, { timeLimitMs: userCodeTimeLimitMs, command: 'build' })
  if (site === undefined || site.config.login !== undefined) return undefined
  const config = site.config
  const cacheDir = join(siteDir, '.docsgen', 'serve', 'early')
  const bodies = createBodyFolder(cacheDir)
  // The site's own sheets too (their images and fonts are served once the build has written them).
  const styles = readCustomCss(siteDir, config, { file: site.file ?? 'site.config.ts', text: site.source }).then(({ styles }) => styles)
  const made = { config, cacheDir, bodiesDir: bodies.dir, stylesheet: styles.then((custom) => themeStylesheet(config.baseUrl, custom)), entry: bundleClient().then((bundle) => bundle.entry) }
  // Awaited by each skim that gets that far: a failure meanwhile must not go unheard of.
  made.stylesheet.catch(() => undefined)
  made.entry.catch(() => undefined)
  const pages = await skim(siteDir, made, undefined).catch(() => undefined)
  if (pages === undefined) {
    bodies.remove()
    return undefined
  }
  return { pages, withPage: (file) => skim(siteDir, made, file).catch(() => undefined), remove: bodies.remove }
}

interface SkimInputs {
  readonly config: ResolvedConfig
  readonly cacheDir: string
  readonly bodiesDir: string
  readonly stylesheet: Promise<Stylesheet>
  readonly entry: Promise<string>
}

/** The content and manifest stages on the site's leads (the page of `whole`, if given, whole), and what its pages' heads link to. */
async function skim(siteDir: string, inputs: SkimInputs, whole: string | undefined): Promise<SkimmedPages | undefined> {
  const options = { threads: 1, drafts: true, cacheDir: inputs.cacheDir, timeLimitMs: userCodeTimeLimitMs, loadComponents: false, bodiesDir: inputs.bodiesDir, leadOnly: (file: string) => file !== whole }
  const { content, diagnostics } = await readSiteContent(siteDir, inputs.config, options)
  const { manifest, diagnostics: problems } = buildManifest(content, inputs.config, [])
  const config = withNavbarRoutes(inputs.config, content.documents, manifest)
  const failed = [...diagnostics, ...problems].some((diagnostic) => diagnostic.severity === 'error')
  if (failed || manifest.privatePaths.length > 0 || manifest.routes.some((route) => route.access.private)) return undefined
  const [stylesheet, entry, { favicon }] = await Promise.all([inputs.stylesheet, inputs.entry, seoFiles(manifest, config)])
  const head = pageHead(config, { manifest, stylesheet }, { entry, searchable: true, favicon, loginWidget: undefined })
  const render = { manifest, documents: content.documents, components: content.components, config, probes: [], ...head }
  return { config, manifest, content, render, stylesheet }
}
