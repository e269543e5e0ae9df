/**
 * Which version of the docs a file belongs to, and what that decides: the route its docs are
 * served under, and the key of its folders' categories (folders of two versions share names).
 */
import type { ResolvedConfig } from '../config/resolve-config.js'
import { currentVersion } from '../config/resolve-versions.js'

/** The version's name: `file.version`, or the current version's. */
export function versionOf(file: { readonly version?: string | undefined }): string {
  return file.version ?? currentVersion
}

/** The route the docs of the file's version are served under. */
export function docsBaseOf(file: { readonly version?: string | undefined }, config: Pick<ResolvedConfig, 'docs'>): string {
  const name = versionOf(file)
  return config.docs.versions.find((version) => version.name === name)?.path ?? config.docs.routeBasePath
}

/** A docs folder's key in ParsedContent.categories: the folder (`Guides/Setup`), after `@1.0:` for a released version's. */
export function categoryKey(version: string | undefined, folder: string): string {
  return version === undefined || version === currentVersion ? folder : `@${version}:${folder}`
}
