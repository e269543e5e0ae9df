/**
 * Lists the site's sources once: Markdown docs, blog posts (and the blog's `authors.yml`), standalone pages (Markdown or React components),
 * the `_category_.json` files of the docs folders, the other files beside them (images, PDFs:
 * published when a page links to them) and `static/` (published as it is). Everything after this
 * reads the list, never lists folders again; Markdown is read when it is parsed (parse-content.ts),
 * so the sources of a large site are never all in memory. Links and special files are refused
 * (refuse-links.ts).
 */
import { accessSync, constants, existsSync, type Dirent } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import micromatch from 'micromatch'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { docsgenFolders, type ContentFolders } from '../config/resolve-config.js'
import { fileSystemDiagnostic, readTextFile } from '../files/read-text-file.js'
import { refuseEntry, refuseSection } from './refuse-links.js'
import { slashRelative } from '../files/slash-path.js'

export type ContentKind = 'doc' | 'page' | 'post' | 'component-page' | 'react-page' | 'category' | 'authors' | 'tags' | 'asset' | 'static'

export interface ContentFile {
  /** Path relative to the site folder with forward slashes, e.g. `content/docs/Sanctum/intro.md`. */
  readonly file: string
  /** Path relative to its section folder (`content/docs`, `content/pages` or `static`), forward slashes. */
  readonly relative: string
  readonly kind: ContentKind
  /** For the docs of a released version (versioned_docs/version-1.0/…): its name. */
  readonly version?: string
  /** A VitePress page: routed by its path alone (`guide/index.md` → `/guide/`), not by number prefixes, `id` or `slug`. */
  readonly routedByPath?: true
  /** Text of `_category_.json` files; '' for the rest (Markdown is read when parsed, component pages compiled from `file`). */
  readonly text: string
}

export interface ReadContentResult {
  readonly files: ContentFile[]
  /** Files and folders that could not be read. */
  readonly diagnostics: Diagnostic[]
}

/** Where the sources are: the docs, blog and pages folders, and each released version's docs folder. */
export interface ContentSections {
  readonly folders: ContentFolders
  readonly versions: readonly { readonly name: string; readonly folder: string }[]
  /** Globs of Markdown files in each docs folder, relative to it, that are not docs (`docs.exclude`). */
  readonly docsExclude?: readonly string[]
  /** Globs of Markdown files in each docs folder, relative to it, that are docs (`docs.include`); absent: all. */
  readonly docsInclude?: readonly string[]
}

const docsgenSections: ContentSections = { folders: docsgenFolders, versions: [] }

type Section = { readonly folder: string; readonly kind: 'docs' | 'blog' | 'pages' | 'static'; readonly version?: string }

export async function readContent(siteDir: string, { folders, versions, docsExclude = [], docsInclude }: ContentSections = docsgenSections): Promise<ReadContentResult> {
  const files: ContentFile[] = []
  const excludes = docsExclude.map((glob) => micromatch.matcher(glob, { dot: true }))
  const includes = docsInclude?.map((glob) => micromatch.matcher(glob, { dot: true }))
  const excluded = (relative: string) => excludes.some((matches) => matches(relative))
  const included = (relative: string) => includes === undefined || includes.some((matches) => matches(relative))
  const diagnostics: Diagnostic[] = []
  const sections: Section[] = [
    { folder: folders.docs, kind: 'docs' },
    ...versions.map((version) => ({ folder: version.folder, kind: 'docs' as const, version: version.name })),
    { folder: folders.blog, kind: 'blog' },
    { folder: folders.pages, kind: 'pages' },
    { folder: folders.static ?? 'static', kind: 'static' },
  ]
  const vitepress = folders.layout === 'vitepress'
  for (const { folder: section, kind: sectionKind, version } of sections) {
    if (section === '') continue
    const root = join(siteDir, section)
    const sectionRefused = refuseSection(siteDir, section)
    // content/docs and content/pages share the problem when content/ itself has it.
    if (sectionRefused && !diagnostics.some((item) => item.file === sectionRefused.file)) diagnostics.push(sectionRefused)
    if (!sectionRefused && version !== undefined && !existsSync(root))
      diagnostics.push(
        diagnostic({
          file: 'versions.json',
          ruleId: 'config-invalid',
          message: `versions.json names the version "${version}", but its docs folder ${section}/ does not exist`,
          suggestion: `Put the docs of version ${version} in ${section}/, or take "${version}" out of versions.json.`,
        }),
      )
    if (sectionRefused || !existsSync(root)) continue
    // Read synchronously: a promise-based read of each small file (open, stat, read, close on
    // the thread pool) took 85-180 ms for the 1120 files of the 1000-doc corpus, a sync read 15-25.
    const skipped = vitepress && sectionKind === 'docs' ? vitepressSkips(siteDir, section, folders, excluded) : undefined
    for (const relative of await listFiles(root, section, diagnostics, skipped)) {
      const kind = skipped ? (relative.endsWith('.md') ? 'doc' : 'asset') : kindOf(sectionKind, relative, folders.componentPages ?? true)
      if (kind === undefined || (kind === 'doc' && (excluded(relative) || !included(relative)))) continue
      const file = section === '.' ? relative : `${section}/${relative}`
      const path = join(root, relative)
      let text = ''
      if (kind === 'category' || kind === 'authors' || kind === 'tags') {
        const read = readTextFile(path, file, { markdown: false })
        if (read.diagnostic) {
          diagnostics.push(read.diagnostic)
          continue
        }
        text = read.text
      } else if (kind !== 'doc' && kind !== 'page' && kind !== 'post') {
        const error = accessError(path)
        if (error !== undefined) diagnostics.push(fileSystemDiagnostic(error, file, 'file'))
      }
      files.push({ file, relative, kind, text, ...(version === undefined ? {} : { version }), ...(skipped && kind === 'doc' ? { routedByPath: true as const } : {}) })
    }
  }
  return { files: files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)), diagnostics }
}

/**
 * What VitePress leaves out of its srcDir (node_modules and dist folders, srcExclude), and
 * what is not a page here: the static folder, and docsgen's own output (a folder holding
 * `_docsgen/`, as `build/` does when the srcDir is the site folder).
 */
function vitepressSkips(siteDir: string, section: string, folders: ContentFolders, excluded: (name: string) => boolean): (name: string, folder: boolean) => boolean {
  const staticFolder = folders.static === undefined ? undefined : section === '.' ? folders.static : folders.static.startsWith(`${section}/`) ? folders.static.slice(section.length + 1) : undefined
  return (name, folder) => {
    if (folder) return name === staticFolder || /(^|\/)(node_modules|dist)$/.test(name) || existsSync(join(siteDir, section, name, '_docsgen')) || excluded(`${name}/`)
    return excluded(name)
  }
}

/** Every file under `root`, relative with forward slashes, sorted; hidden entries (.git, .DS_Store) and what `skipped` says skipped. */
async function listFiles(root: string, section: string, diagnostics: Diagnostic[], skipped?: (name: string, folder: boolean) => boolean): Promise<string[]> {
  const names: string[] = []
  const siteDir = section === '.' ? root : root.slice(0, root.length - section.length - 1)
  const walk = async (folder: string): Promise<void> => {
    let entries: Dirent[]
    try {
      entries = await readdir(folder, { withFileTypes: true })
    } catch (error) {
      diagnostics.push(fileSystemDiagnostic(error, [section, ...relative(root, folder).split(sep)].filter((part) => part !== '' && part !== '.').join('/') || '.', 'folder'))
      return
    }
    for (const entry of entries) {
      // Hidden entries (.git, .DS_Store) are never read; every other link or special entry is refused, even where no source is expected.
      if (entry.name.startsWith('.')) continue
      const path = join(folder, entry.name)
      const name = slashRelative(root, path)
      if (skipped?.(name, entry.isDirectory() || entry.isSymbolicLink())) continue
      const refused = refuseEntry(siteDir, section === '.' ? name : `${section}/${name}`, entry)
      if (refused) diagnostics.push(refused)
      else if (entry.isDirectory()) await walk(path)
      else if (entry.isFile()) names.push(name)
    }
  }
  await walk(root)
  return names.sort()
}

/** Files beside the pages and in static/ are copied later: one that cannot be read is reported now. */
function accessError(path: string): unknown {
  try {
    accessSync(path, constants.R_OK)
    return undefined
  } catch (error) {
    return error
  }
}

function kindOf(section: Section['kind'], relative: string, componentPages: boolean | 'docusaurus'): ContentKind | undefined {
  const name = relative.slice(relative.lastIndexOf('/') + 1)
  if (section === 'static') return 'static'
  if (name.startsWith('_') && name !== '_category_.json') return undefined
  if (componentPages === 'docusaurus' && section === 'pages') return docusaurusPageKind(relative)
  if (section === 'blog') {
    if (relative === 'authors.yml' || relative === 'authors.yaml') return 'authors'
    if (relative === 'tags.yml' || relative === 'tags.yaml') return 'tags'
    return /\.mdx?$/.test(name) ? 'post' : 'asset'
  }
  if (section === 'docs') {
    if (name === '_category_.json') return 'category'
    if (relative === 'tags.yml' || relative === 'tags.yaml') return 'tags'
    return /\.mdx?$/.test(name) ? 'doc' : 'asset'
  }
  if (/\.mdx?$/.test(name)) return 'page'
  if (/\.(tsx|jsx)$/.test(name)) return componentPages ? 'component-page' : undefined
  // Modules that component pages import are code, not files to publish; so are their styles where docsgen builds no component pages.
  if (/\.(m|c)?(ts|js)$/.test(name) || (!componentPages && /\.css$/.test(name))) return undefined
  return 'asset'
}

/** As Docusaurus routes src/pages: `_` files and folders, tests and type declarations are not pages; other scripts are React pages. */
function docusaurusPageKind(relative: string): ContentKind | undefined {
  if (relative.split('/').some((part) => part.startsWith('_')) || /\.(test|spec)\.[jt]sx?$|\.d\.ts$/.test(relative)) return undefined
  if (/\.mdx?$/.test(relative)) return 'page'
  if (/\.[jt]sx?$/.test(relative)) return 'react-page'
  return /\.(css|scss|sass|less|m[jt]s|c[jt]s)$/.test(relative) ? undefined : 'asset'
}
