/**
 * Lists the site's sources once: Markdown docs, standalone pages (Markdown or React components),
 * the `_category_.json` files of the docs folders, the other files beside them (images, PDFs:
 * published when a page links to them) and `static/` (published as it is). Everything after this
 * reads the list, never the file system. Links and special files are refused (refuse-links.ts).
 */
import { existsSync, readFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join, sep } from 'node:path'
import type { Diagnostic } from '../../shared/diagnostic.js'
import { refuseEntry, refuseSection } from './refuse-links.js'

export type ContentKind = 'doc' | 'page' | 'component-page' | 'category' | 'asset' | 'static'

export interface ContentFile {
  /** Path relative to the site folder with forward slashes, e.g. `content/docs/Sanctum/intro.md`. */
  readonly file: string
  /** Path relative to its section folder (`content/docs`, `content/pages` or `static`), forward slashes. */
  readonly relative: string
  readonly kind: ContentKind
  /** Text of Markdown and JSON files; '' for the rest (component pages are compiled later from `file`). */
  readonly text: string
}

export async function readContent(siteDir: string): Promise<{ files: ContentFile[]; diagnostics: Diagnostic[] }> {
  const files: ContentFile[] = []
  const diagnostics: Diagnostic[] = []
  for (const section of ['content/docs', 'content/pages', 'static'] as const) {
    const root = join(siteDir, section)
    const sectionRefused = refuseSection(siteDir, section)
    // content/docs and content/pages share the problem when content/ itself has it.
    if (sectionRefused && !diagnostics.some((item) => item.file === sectionRefused.file)) diagnostics.push(sectionRefused)
    if (sectionRefused || !existsSync(root)) continue
    const names: string[] = []
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      const relative = join(entry.parentPath, entry.name).slice(root.length + 1).split(sep).join('/')
      // Hidden entries (.git) are never read; every other link or special entry is refused, even where no source is expected.
      const refused = isHidden(relative) ? undefined : refuseEntry(siteDir, `${section}/${relative}`, entry)
      if (refused) diagnostics.push(refused)
      else if (entry.isFile()) names.push(relative)
    }
    names.sort()
    // Read synchronously: a promise-based read of each small file (open, stat, read, close on
    // the thread pool) took 85-180 ms for the 1120 files of the 1000-doc corpus, a sync read 15-25.
    for (const relative of names) {
      const kind = kindOf(section, relative)
      if (kind === undefined) continue
      const text = kind === 'doc' || kind === 'page' || kind === 'category' ? readFileSync(join(root, relative), 'utf8') : ''
      files.push({ file: `${section}/${relative}`, relative, kind, text })
    }
  }
  return { files: files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)), diagnostics }
}

function kindOf(section: 'content/docs' | 'content/pages' | 'static', relative: string): ContentKind | undefined {
  const name = relative.slice(relative.lastIndexOf('/') + 1)
  // Hidden files and folders (.DS_Store, .git) are never sources, in any section.
  if (isHidden(relative)) return undefined
  if (section === 'static') return 'static'
  if (name.startsWith('_') && name !== '_category_.json') return undefined
  if (section === 'content/docs') {
    if (name === '_category_.json') return 'category'
    return name.endsWith('.md') ? 'doc' : 'asset'
  }
  if (name.endsWith('.md')) return 'page'
  if (/\.(tsx|jsx)$/.test(name)) return 'component-page'
  // Modules that component pages import are code, not files to publish.
  if (/\.(m|c)?(ts|js)$/.test(name)) return undefined
  return 'asset'
}

function isHidden(relative: string): boolean {
  return relative.split('/').some((part) => part.startsWith('.'))
}
