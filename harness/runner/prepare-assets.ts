/**
 * What the scenarios' pages need, prepared once per run: the widget's browser bundle (for
 * `page: widget`) and a built site (for site pages): `--site` when given, otherwise the site in
 * `siteDir` built into a temporary folder, which is removed afterwards.
 */
import { mkdtemp, realpath, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from '../../src/node/build.js'
import { bundleWidget } from '../../src/node/bundle/bundle-widget.js'
import { loadConfig } from '../../src/node/config/load-config.js'
import { resolveConfig } from '../../src/node/config/resolve-config.js'
import type { SiteAssets, WorldAssets } from '../driver/browser-world.js'
import { siteBuildKey, type Scenario, type ScenarioPage } from '../scenario/scenario.js'

export const SITE_ORIGIN = 'http://localhost:3000'

const isFolder = async (path: string) => (await stat(path).catch(() => undefined))?.isDirectory() === true

export class AssetsError extends Error {}

export interface PreparedAssets {
  readonly assets: WorldAssets
  readonly cleanup: () => Promise<void>
}

export async function prepareAssets(
  scenarios: readonly Scenario[],
  { site, privateDir, siteDir }: { site: string | undefined; privateDir?: string | undefined; siteDir: string },
): Promise<PreparedAssets> {
  const cleanups: Array<() => Promise<void>> = []
  const needsWidget = scenarios.some((scenario) => scenario.page.kind === 'widget')
  const bundle = needsWidget ? await bundleWidget() : undefined
  const sites: Record<string, SiteAssets> = {}
  const builds = new Map(scenarios.filter((scenario) => scenario.page.kind === 'site').map((scenario) => [siteBuildKey(scenario.page), scenario.page]))
  if (builds.size > 0) {
    const loaded = await loadConfig(resolve(siteDir))
    const resolved = loaded.loaded ? resolveConfig(loaded.loaded.value, loaded.loaded.file ?? 'site.config.ts', loaded.loaded.source) : undefined
    const login = resolved?.config?.login
    if (!login) throw new AssetsError(`site pages need a site with login settings: no usable site.config.ts with login in ${resolve(siteDir)}`)
    const temp = await mkdtemp(join(tmpdir(), 'docsgen-harness-'))
    cleanups.push(() => rm(temp, { recursive: true, force: true }))
    for (const [index, [key, page]] of [...builds].entries()) {
      // `--site` is the site as configured; a scenario's own sign-in settings need a build of their own.
      const folders = key === '' && site !== undefined ? await givenBuild(site, privateDir, siteDir) : await buildSite(siteDir, join(temp, String(index)), page)
      sites[key] = { ...folders, origin: SITE_ORIGIN, oid: login.orgID, providerURL: login.baseURL.replace(/\/+$/, '') }
    }
  }
  return {
    assets: { ...(bundle ? { widgetBundle: { fileName: bundle.fileName, source: new TextDecoder().decode(bundle.contents) } } : {}), sites },
    cleanup: async () => void (await Promise.all(cleanups.map((cleanup) => cleanup()))),
  }
}

type SiteFolders = Pick<SiteAssets, 'root' | 'privateDir'>

/** `--site` (and `--private-dir`, or the site's own private folder when there is one), as real paths. */
async function givenBuild(site: string, privateDir: string | undefined, siteDir: string): Promise<SiteFolders> {
  const root = resolve(site)
  if (!(await isFolder(root))) throw new AssetsError(`--site ${site}: no such folder (build the site first, or leave --site out to build it now)`)
  const privateRoot = privateDir === undefined ? join(siteDir, '.docsgen', 'private') : resolve(privateDir)
  if (await isFolder(privateRoot)) return { root: await realpath(root), privateDir: await realpath(privateRoot) }
  if (privateDir !== undefined) throw new AssetsError(`--private-dir ${privateDir}: no such folder (the private folder the build of --site wrote)`)
  return { root: await realpath(root) }
}

/** The site built into `into`, with a scenario's sign-in settings over its own when it has them. */
async function buildSite(siteDir: string, into: string, page: ScenarioPage): Promise<SiteFolders> {
  const login = page.kind === 'site' ? page.login : undefined
  // A clean build, sharing no cache with the site's own builds: QA's verdict never rests on an earlier run.
  const built = await build({ siteDir: resolve(siteDir), outDir: join(into, 'build'), privateDir: join(into, 'private'), cache: false, ...(login ? { configOverrides: { login } } : {}) })
  if (built.exitCode !== 0) {
    const how = login ? ` with site_login ${JSON.stringify(login)}` : ''
    throw new AssetsError(`the site in ${resolve(siteDir)} did not build${how} (run docsgen build to see why)`)
  }
  return { root: await realpath(built.outDir), privateDir: await realpath(built.privateDir) }
}
