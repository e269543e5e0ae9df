/**
 * The versions of the docs, as Docusaurus lays them out and names its options: the current docs
 * (the docs folder), and each version of `versions.json` (newest first) in
 * `versioned_docs/version-<name>/` with its sidebars in
 * `versioned_sidebars/version-<name>-sidebars.json`. The last version (`docs.lastVersion`, by
 * default the newest released one) is served at the docs route; the current one, when it is
 * not the last, at `<docs>/next`, each other at `<docs>/<name>`; `docs.versions` changes a
 * version's label, path and banner.
 */
import { routePathProblem } from '../../shared/portable-path.js'
import type { ValueAt } from '../../shared/read-value.js'

export interface ResolvedVersion {
  /** 'current', or the name written in versions.json. */
  readonly name: string
  readonly label: string
  /** Where its docs are, relative to the site folder. */
  readonly folder: string
  /** The route path its docs are served under. */
  readonly path: string
  /** Its sidebars, relative to the site folder (a released version's); undefined for the current version (sidebars.js). */
  readonly sidebarsFile: string | undefined
  readonly banner: 'unreleased' | 'unmaintained' | undefined
  readonly isLast: boolean
  /** Kept out of search engines and the sitemap (`docs.versions.<name>.noIndex`). */
  readonly noIndex: boolean
}

export const currentVersion = 'current'

/**
 * Reads `docs.lastVersion`, `docs.versions`, `docs.includeCurrentVersion` and
 * `docs.onlyIncludeVersions` against the names of versions.json (none for an unversioned site).
 */
export function resolveVersions(docs: ValueAt, names: readonly string[], { routeBasePath, docsFolder, currentLabel }: { routeBasePath: string; docsFolder: string; currentLabel: string }): ResolvedVersion[] {
  const includeCurrent = docs.get('includeCurrentVersion').boolean() ?? true
  const all = [...(includeCurrent ? [currentVersion] : []), ...names]
  const onlyAt = docs.get('onlyIncludeVersions')
  const only = onlyAt.value === undefined ? undefined : (onlyAt.list() ?? []).map((item) => item.string() ?? '')
  for (const [index, name] of (only ?? []).entries()) if (!all.includes(name)) onlyAt.get(index).fail(`names no version: "${name}" is neither "current" nor in versions.json`)
  const included = only === undefined ? all : all.filter((name) => only.includes(name))
  const lastAt = docs.get('lastVersion')
  let last = lastAt.string() ?? names[0] ?? currentVersion
  if (!included.includes(last)) {
    if (lastAt.value !== undefined) lastAt.fail(`names no included version: "${last}" is not one of ${included.map((name) => `"${name}"`).join(', ')}`)
    last = included[0] ?? currentVersion
  }
  const options = docs.get('versions')
  for (const [name, at] of options.mapping() ?? []) {
    at.mapping(['label', 'path', 'banner', 'noIndex'])
    if (!all.includes(name)) options.get(name).fail(`names no version: "${name}" is neither "current" nor in versions.json`)
  }
  const base = routeBasePath === '/' ? '' : routeBasePath
  return included.map((name) => {
    const own = options.get(name)
    const isLast = name === last
    const written = own.get('path').string()?.replace(/^\/+|\/+$/g, '')
    const path = written ?? (isLast ? '' : name === currentVersion ? 'next' : name)
    const problem = written === undefined ? undefined : routePathProblem(`${base}/${path}`)
    if (problem !== undefined) own.get('path').fail(`must make a route path of plain names: "${base}/${path}" ${problem}`)
    const banner = own.get('banner').oneOf(['none', 'unreleased', 'unmaintained'] as const) ?? defaultBanner(name, included, last)
    return {
      name,
      label: own.get('label').string() ?? (name === currentVersion ? currentLabel : name),
      folder: name === currentVersion ? docsFolder : `versioned_docs/version-${name}`,
      path: path === '' ? routeBasePath : `${base}/${path}`,
      sidebarsFile: name === currentVersion ? undefined : `versioned_sidebars/version-${name}-sidebars.json`,
      banner: banner === 'none' ? undefined : banner,
      isLast,
      noIndex: own.get('noIndex').boolean() ?? false,
    }
  })
}

/** As Docusaurus: the current version, unless it is the last, is unreleased; versions older than the last are unmaintained. */
function defaultBanner(name: string, versions: readonly string[], last: string): 'unreleased' | 'unmaintained' | 'none' {
  if (name === last) return 'none'
  if (name === currentVersion) return 'unreleased'
  return versions.indexOf(name) > versions.indexOf(last) ? 'unmaintained' : 'none'
}
