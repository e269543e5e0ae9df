/**
 * Where a content file is published. Pure, so links between files can be resolved before any
 * file is parsed.
 */
import type { ContentFile } from './read-content.js'

/**
 * Doc ids are paths under content/docs without the extension (`Sanctum/intro`). A doc named
 * `index` or `readme`, or named like its folder, is the folder's index and gets the folder URL
 * with a trailing slash (`/docs/Lotus Byte/`), as Docusaurus does.
 */
export function docId(relative: string): string {
  return relative.replace(/\.md$/, '')
}

export function isIndexDoc(relative: string): boolean {
  const parts = docId(relative).split('/')
  const name = parts[parts.length - 1]!.toLowerCase()
  const folder = parts.length > 1 ? parts[parts.length - 2]!.toLowerCase() : undefined
  return name === 'index' || name === 'readme' || name === folder
}

export function routeFromFile(file: Pick<ContentFile, 'kind' | 'relative'>, docsBase: string): string | undefined {
  if (file.kind === 'category' || file.kind === 'asset' || file.kind === 'static') return undefined
  if (file.kind === 'doc') {
    const base = docsPrefix(docsBase)
    const id = docId(file.relative)
    if (isIndexDoc(file.relative)) {
      const folder = id.split('/').slice(0, -1).join('/')
      return folder === '' ? `${base}/` : `${base}/${folder}/`
    }
    return `${base}/${id}`
  }
  const withoutExtension = file.relative.replace(/\.(md|tsx|jsx)$/, '')
  if (withoutExtension === 'index') return '/'
  if (withoutExtension.endsWith('/index')) return `/${withoutExtension.slice(0, -'index'.length)}`
  return `/${withoutExtension}`
}

/**
 * Where a file published as it is (an asset beside the pages, or a file of `static/`) is served:
 * the same place relative to the pages as in the source, so `content/docs/Guides/shot.png` is
 * `/docs/Guides/shot.png` beside `/docs/Guides/intro`, and `static/img/logo.svg` is `/img/logo.svg`.
 */
export function assetPathFor(file: Pick<ContentFile, 'file' | 'relative'>, docsBase: string): string {
  return file.file.startsWith('content/docs/') ? `${docsPrefix(docsBase)}/${file.relative}` : `/${file.relative}`
}

/** What paths under content/docs start with: routeBasePath '/' (a docs-only site) gives '', not a double slash. */
export function docsPrefix(docsBase: string): string {
  return docsBase.replace(/\/$/, '')
}

/** The HTML file a route is written to: `/a/` → `a/index.html`, `/a/b` → `a/b.html`, `/` → `index.html`. */
export function outputFileFor(route: string): string {
  if (route.endsWith('/')) return `${route.slice(1)}index.html`
  return `${route.slice(1)}.html`
}
