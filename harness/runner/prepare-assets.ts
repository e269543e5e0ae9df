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
import type { WorldAssets } from '../driver/browser-world.js'
import type { Scenario } from '../scenario/scenario.js'

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
  const needsSite = scenarios.some((scenario) => scenario.page.kind === 'site')
  const bundle = needsWidget ? await bundleWidget() : undefined
  let siteAssets: WorldAssets['site']
  if (needsSite) {
    const loaded = await loadConfig(resolve(siteDir))
    const resolved = loaded.loaded ? resolveConfig(loaded.loaded.value, loaded.loaded.file ?? 'site.config.ts', loaded.loaded.source) : undefined
    const login = resolved?.config?.login
    if (!login) throw new AssetsError(`site pages need a site with login settings: no usable site.config.ts with login in ${resolve(siteDir)}`)
    let root: string
    let privateRoot: string | undefined
    if (site !== undefined) {
      root = resolve(site)
      if (!(await isFolder(root))) throw new AssetsError(`--site ${site}: no such folder (build the site first, or leave --site out to build it now)`)
      privateRoot = privateDir === undefined ? join(siteDir, '.docsgen', 'private') : resolve(privateDir)
      if (!(await isFolder(privateRoot))) {
        if (privateDir !== undefined) throw new AssetsError(`--private-dir ${privateDir}: no such folder (the private folder the build of --site wrote)`)
        privateRoot = undefined
      }
    } else {
      const temp = await mkdtemp(join(tmpdir(), 'docsgen-harness-'))
      cleanups.push(() => rm(temp, { recursive: true, force: true }))
      const built = await build({ siteDir: resolve(siteDir), outDir: join(temp, 'build'), privateDir: join(temp, 'private') })
      if (built.exitCode !== 0) throw new AssetsError(`the site in ${resolve(siteDir)} did not build (run docsgen build to see why)`)
      root = built.outDir
      privateRoot = built.privateDir
    }
    const gate = privateRoot === undefined ? {} : { privateDir: await realpath(privateRoot) }
    siteAssets = { root: await realpath(root), origin: SITE_ORIGIN, oid: login.orgID, providerURL: login.baseURL.replace(/\/+$/, ''), ...gate }
  }
  return {
    assets: { ...(bundle ? { widgetBundle: { fileName: bundle.fileName, source: new TextDecoder().decode(bundle.contents) } } : {}), ...(siteAssets ? { site: siteAssets } : {}) },
    cleanup: async () => void (await Promise.all(cleanups.map((cleanup) => cleanup()))),
  }
}
