/**
 * Where a content file is published. Pure, so links between files can be resolved before any
 * file is parsed.
 */
import { posix } from 'node:path'
import { postSlug } from './blog-post-route.js'
import { docsgenFolders, type ContentFolders } from '../config/resolve-config.js'
import type { ContentFile } from './read-content.js'

/** What a doc's front matter says about its id and URL (Docusaurus's `id` and `slug`). */
export interface DocRouting {
  readonly id?: string | undefined
  readonly slug?: string | undefined
}

// As Docusaurus reads number prefixes: `01-intro` is `intro` at position 1, but names that look
// like a date (`2024-01-05-notes`) or a version (`1.2-changes`) keep their numbers.
const ignoredPrefix = /^((\d{2}|\d{4})[-_.]\d{2}([-_.](\d{2}|\d{4}))?)(.*)$|^(\d+[-_.]\d+)(.*)$/
const numberPrefix = /^(\d+)(\s*[-_.]+\s*)(.*)$/

/** A file or folder name without its number prefix, and the number (a sidebar position). */
export function parseNumberPrefix(name: string): { name: string; prefix: number | undefined } {
  if (ignoredPrefix.test(name)) return { name, prefix: undefined }
  const match = numberPrefix.exec(name)
  return match ? { name: match[3]!, prefix: Number.parseInt(match[1]!, 10) } : { name, prefix: undefined }
}

/** `01-Guides/02-Setup` → `Guides/Setup`. */
export function stripNumberPrefixes(path: string): string {
  return path
    .split('/')
    .map((part) => parseNumberPrefix(part).name)
    .join('/')
}

/** The file name of a doc without its extension (`intro` for `Guides/intro.mdx`). */
function baseName(relative: string): string {
  return posix.basename(relative).replace(/\.mdx?$/, '')
}

/**
 * Doc ids are paths under the docs folder without the extension and without number prefixes
 * (`01-Sanctum/02-intro.md` is `Sanctum/intro`); front matter `id` replaces the file name.
 */
export function docId(relative: string, routing: DocRouting = {}): string {
  const folder = posix.dirname(relative)
  const name = routing.id ?? parseNumberPrefix(baseName(relative)).name
  return folder === '.' ? name : `${stripNumberPrefixes(folder)}/${name}`
}

/** A doc named `index` or `readme`, or named like its folder, is the folder's index (case ignored, as Docusaurus does). */
export function isIndexDoc(relative: string): boolean {
  const name = baseName(relative).toLowerCase()
  const parts = relative.split('/')
  const folder = parts.length > 1 ? parts[parts.length - 2]!.toLowerCase() : undefined
  return name === 'index' || name === 'readme' || name === folder
}

/**
 * The slug of a doc, as Docusaurus computes it: front matter `slug` (from the docs root when it
 * starts with "/", else from the doc's folder), else the folder URL with a trailing slash for an
 * index doc (`/Lotus Byte/`), else the folder and the id's last part. Number prefixes are dropped.
 */
export function docSlug(relative: string, routing: DocRouting = {}): string {
  const folder = posix.dirname(relative)
  const folderSlug = folder === '.' ? '/' : `/${stripNumberPrefixes(folder)}/`
  if (routing.slug?.startsWith('/')) return routing.slug
  if (routing.slug === undefined && isIndexDoc(relative)) return folderSlug
  const name = routing.slug ?? routing.id ?? parseNumberPrefix(baseName(relative)).name
  return posix.join(folderSlug, name)
}

export function routeFromFile(file: Pick<ContentFile, 'kind' | 'relative' | 'routedByPath'>, docsBase: string, routing: DocRouting = {}, blogBase = '/blog'): string | undefined {
  if (file.kind === 'category' || file.kind === 'authors' || file.kind === 'tags' || file.kind === 'asset' || file.kind === 'static') return undefined
  if (file.kind === 'doc') return `${docsPrefix(docsBase)}${file.routedByPath ? pathRoute(file.relative) : docSlug(file.relative, routing)}`
  if (file.kind === 'post') return `${docsPrefix(blogBase)}${postSlug(file.relative, routing.slug)}`
  return pathRoute(file.relative)
}

/** A page's route from its path alone, as for src/pages and VitePress: `index` is its folder's (`guide/index.md` → `/guide/`). */
function pathRoute(relative: string): string {
  const withoutExtension = relative.replace(/\.(mdx?|[jt]sx?)$/, '')
  if (withoutExtension === 'index') return '/'
  if (withoutExtension.endsWith('/index')) return `/${withoutExtension.slice(0, -'index'.length)}`
  return `/${withoutExtension}`
}

/**
 * Where a file published as it is (an asset beside the pages, or a file of `static/`) is served:
 * the same place relative to the pages as in the source, so `content/docs/Guides/shot.png` is
 * `/docs/Guides/shot.png` beside `/docs/Guides/intro`, and `static/img/logo.svg` is `/img/logo.svg`.
 */
export function assetPathFor(file: Pick<ContentFile, 'file' | 'relative' | 'version'>, docsBase: string, blogBase = '/blog', folders: ContentFolders = docsgenFolders): string {
  if (file.file.startsWith(`${folders.blog}/`)) return `${docsPrefix(blogBase)}/${file.relative}`
  return file.version !== undefined || file.file.startsWith(`${folders.docs}/`) ? `${docsPrefix(docsBase)}/${file.relative}` : `/${file.relative}`
}

/** What paths under content/docs (or content/blog) start with: routeBasePath '/' gives '', not a double slash. */
export function docsPrefix(docsBase: string): string {
  return docsBase.replace(/\/$/, '')
}

/**
 * A route as the site's `trailingSlash` setting spells it (as Docusaurus does): true ends every
 * route with "/" (written as `folder/index.html`), false none (written as `page.html`); unset
 * keeps it as it is. The root stays "/".
 */
export function withTrailingSlash(path: string, trailingSlash: boolean | undefined): string {
  if (trailingSlash === undefined || path === '/') return path
  if (trailingSlash) return path.endsWith('/') ? path : `${path}/`
  return path.endsWith('/') ? path.slice(0, -1) : path
}

/** The HTML file a route is written to: `/a/` → `a/index.html`, `/a/b` → `a/b.html`, `/` → `index.html`. */
export function outputFileFor(route: string): string {
  if (route.endsWith('/')) return `${route.slice(1)}index.html`
  return `${route.slice(1)}.html`
}
