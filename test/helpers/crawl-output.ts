/**
 * Follows every link, stylesheet and redirect in built pages the way a browser on a static host
 * would (the output folder served at the site's base URL: a path is the file itself, the file with
 * `.html`, or the folder's `index.html`), and lists each one that leads nowhere. With a private
 * folder, its pages are followed too and stand in for their shells, as the gate serves them to a
 * reader who may see them.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

const origin = 'http://site.test'

export interface CrawlOptions {
  /** The deployable folder, served at `baseUrl`. */
  readonly outDir: string
  readonly baseUrl: string
  /** Private pages, served at the same paths as their public shells. */
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
  for (const folder of served) {
    for (const page of htmlFiles(folder)) {
      const pageUrl = new URL(baseUrl + encodePath(page.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')), origin)
      const html = readFileSync(join(folder, page), 'utf8')
      for (const reference of references(html)) {
        const url = new URL(reference, pageUrl)
        if (url.origin !== origin) continue
        followed++
        const problem = problemOf(url, served, baseUrl)
        if (problem) broken.push(`${page}: ${reference} (${problem})`)
      }
    }
  }
  return { followed, broken }
}

function problemOf(url: URL, served: readonly string[], baseUrl: string): string | undefined {
  if (!url.pathname.startsWith(baseUrl)) return `outside the base URL ${baseUrl}`
  const path = decodeURIComponent(url.pathname.slice(baseUrl.length))
  const candidates = [path, `${path}.html`, join(path, 'index.html')]
  const found = served.flatMap((folder) => candidates.map((candidate) => join(folder, candidate))).find((full) => existsSync(full) && statSync(full).isFile())
  if (found === undefined) return 'no such file'
  const id = decodeURIComponent(url.hash.slice(1))
  // Only pages have ids; a fragment on another file (`#page=2` of a PDF) is for its viewer.
  if (id !== '' && found.endsWith('.html') && !readFileSync(found, 'utf8').includes(` id="${id}"`)) return `no element with id "${id}" in ${found}`
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
