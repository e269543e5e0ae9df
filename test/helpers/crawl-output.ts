/**
 * Follows every link, stylesheet and redirect in built pages the way a browser on a static host
 * would (the output folder served at the site's base URL: a path is the file itself, the file with
 * `.html`, or the folder's `index.html`), and lists each one that leads nowhere. With a private
 * folder, its pages are followed too and stand in for their shells, as the gate serves them to a
 * reader who may see them: the private folder holds each private page as its page data (the
 * region the runtime draws), found by the route's canonical path.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { canonicalPath } from '../../src/shared/canonical-path.js'
import { pageDataFile } from '../../src/shared/page-data.js'

const origin = 'http://site.test'

export interface CrawlOptions {
  /** The deployable folder, served at `baseUrl`. */
  readonly outDir: string
  readonly baseUrl: string
  /** Private pages (page data) and files, served by the gate at the paths of their routes. */
  readonly privateDir?: string
}

export interface Crawl {
  /** How many references were followed. */
  readonly followed: number
  /** `page: reference (why)` for every one that leads nowhere or leaves the base URL. */
  readonly broken: string[]
}

export function crawlOutput({ outDir, baseUrl, privateDir }: CrawlOptions): Crawl {
  const broken: string[] = []
  const served = privateDir === undefined ? [outDir] : [privateDir, outDir]
  let followed = 0
  const pages = [
    ...htmlFiles(outDir).map((page) => ({ page, path: `/${page.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`, html: readFileSync(join(outDir, page), 'utf8') })),
    ...(privateDir === undefined ? [] : privatePages(privateDir)),
  ]
  for (const { page, path, html } of pages) {
    const pageUrl = new URL(baseUrl + encodePath(path.slice(1)), origin)
    for (const reference of references(html)) {
      const url = new URL(reference, pageUrl)
      if (url.origin !== origin) continue
      followed++
      const problem = problemOf(url, served, baseUrl, privateDir)
      if (problem) broken.push(`${page}: ${reference} (${problem})`)
    }
  }
  return { followed, broken }
}

/** The private folder's pages: their page data, by route path. */
function privatePages(privateDir: string): { page: string; path: string; html: string }[] {
  const dataDir = join(privateDir, '_docsgen', 'data')
  if (!existsSync(dataDir)) return []
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => {
      const page = relative(privateDir, join(entry.parentPath, entry.name)).split(sep).join('/')
      const data = JSON.parse(readFileSync(join(privateDir, page), 'utf8')) as { path: string; html: string }
      return { page, path: data.path, html: data.html }
    })
    .sort((a, b) => (a.page < b.page ? -1 : 1))
}

function problemOf(url: URL, served: readonly string[], baseUrl: string, privateDir: string | undefined): string | undefined {
  if (!url.pathname.startsWith(baseUrl)) return `outside the base URL ${baseUrl}`
  const path = decodeURIComponent(url.pathname.slice(baseUrl.length))
  const candidates = [path, `${path}.html`, join(path, 'index.html')]
  const dataFile = privateDir === undefined ? undefined : pageDataFile(canonicalPath(url.pathname.slice(baseUrl.length - 1)) ?? '')
  const privateData = dataFile === undefined ? undefined : join(privateDir!, dataFile)
  const found =
    served.flatMap((folder) => candidates.map((candidate) => join(folder, candidate))).find((full) => existsSync(full) && statSync(full).isFile()) ??
    (privateData !== undefined && existsSync(privateData) ? privateData : undefined)
  if (found === undefined) return 'no such file'
  const id = decodeURIComponent(url.hash.slice(1))
  // Only pages have ids; a fragment on another file (`#page=2` of a PDF) is for its viewer.
  const text = found === privateData ? (JSON.parse(readFileSync(found, 'utf8')) as { html: string }).html : found.endsWith('.html') ? readFileSync(found, 'utf8') : undefined
  if (id !== '' && text !== undefined && !text.includes(` id="${id}"`)) return `no element with id "${id}" in ${found}`
  return undefined
}

/** Every href and src attribute and meta refresh target, HTML entities decoded. */
function references(html: string): string[] {
  const found: string[] = []
  for (const match of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) found.push(decodeEntities(match[1]!))
  for (const match of html.matchAll(/<meta http-equiv="refresh" content="\d+; url=([^"]*)"/g)) found.push(decodeEntities(match[1]!))
  return found
}

function decodeEntities(text: string): string {
  return text.replace(/&(?:#x([\da-f]+)|#(\d+)|(amp|lt|gt|quot));/gi, (_, hex: string, decimal: string, name: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : decimal ? String.fromCodePoint(Number(decimal)) : { amp: '&', lt: '<', gt: '>', quot: '"' }[name]!,
  )
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/')
}

function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
}
