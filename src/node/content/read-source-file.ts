/**
 * Reads a file a page names for inclusion (`<!--@include: …-->`, `<<< …`): relative to the page
 * that names it, or to the page's source root for `@/…`, and only inside that root, so that a
 * page can never publish the site's config, secrets or anything outside its content folder, by
 * `..`, an absolute path or a symbolic link.
 */
import { realpathSync } from 'node:fs'
import { isAbsolute, join, posix, sep } from 'node:path'
import { readTextFile } from '../files/read-text-file.js'
import { slashRelative } from '../files/slash-path.js'

/** Where included files may come from. */
export interface SourceAccess {
  /** The site folder (absolute). */
  readonly siteDir: string
  /** The folder `@/` names and no included file may leave, relative to the site folder (`content/docs`). */
  readonly sourceRoot: string
}

export type SourceRead =
  | { readonly file: string; readonly text: string }
  // `reported`: the same problem was given for an earlier file of the page (only the first is worth a diagnostic).
  | { readonly file: string | undefined; readonly problem: string; readonly suggestion?: string; readonly reported?: true }

/** Reads what one page names: each file once, and at most this much in all (a file read again counts again). */
export const maxSourceReadLength = 4 * 1024 * 1024

export type SourceReader = (fromFile: string, written: string) => SourceRead

/**
 * A reader for one page's parse: a file named many times is read once, and what every include
 * and snippet gets counts towards maxSourceReadLength, so that a page naming a large file
 * hundreds of times costs no more than one that names it once.
 */
export function createSourceReader(access: SourceAccess): SourceReader {
  const reads = new Map<string, SourceRead>()
  let length = 0
  return (fromFile, written) => {
    const key = `${written.startsWith('@') ? '' : posix.dirname(fromFile)}\0${written}`
    if (length > maxSourceReadLength) return { file: undefined, ...overLimit, reported: true }
    let read = reads.get(key)
    if (read === undefined) reads.set(key, (read = readSourceFile(access, fromFile, written)))
    if ('problem' in read) return read
    length += read.text.length
    return length > maxSourceReadLength ? { file: read.file, ...overLimit } : read
  }
}

const overLimit = { problem: `the page's includes and code snippets would read more than ${maxSourceReadLength / 1024 / 1024} MB (the later ones are left out too)`, suggestion: 'Include less, or split the page.' }

/** The text of `written` as named from `fromFile` (site-relative), or why it cannot be read. */
export function readSourceFile(access: SourceAccess, fromFile: string, written: string): SourceRead {
  const root = posix.normalize(access.sourceRoot)
  // Windows separators are separators wherever the path starts, so `..\` is held to the root as `../` is.
  const slashed = written.replaceAll('\\', '/')
  const named = slashed.startsWith('@') ? posix.join(root, slashed.slice(slashed.startsWith('@/') ? 2 : 1)) : posix.join(posix.dirname(fromFile), slashed)
  // The root is the site folder itself for a VitePress site whose srcDir is its folder.
  const inside = root === '.' ? named !== '..' && !named.startsWith('../') : named.startsWith(`${root}/`)
  const shownRoot = root === '.' ? 'the site folder' : `${root}/`
  if (written.includes('\0') || isAbsolute(written) || posix.isAbsolute(slashed) || !inside) return { file: undefined, problem: `it is outside ${shownRoot}, the folder included files must be in` }
  // Hidden files and folders (.env, .git, .vitepress) are never content, wherever the root is.
  if (named.split('/').some((part) => part.startsWith('.') && part !== '.' && part !== '..'))
    return { file: undefined, problem: `${named} is a hidden file or in a hidden folder, which is never content` }
  const path = join(access.siteDir, named)
  let real: string
  try {
    real = realpathSync.native(path)
  } catch {
    return { file: named, problem: `${named} does not exist` }
  }
  // A symbolic link may lead anywhere: only where it ends counts.
  const realRoot = realpathSync.native(join(access.siteDir, root))
  if (!real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep)) return { file: named, problem: `${named} leads outside ${shownRoot}, the folder included files must be in` }
  const read = readTextFile(real, named, { markdown: false })
  if (read.text === undefined) return { file: named, problem: `${named} cannot be read: ${read.diagnostic.message.charAt(0).toLowerCase()}${read.diagnostic.message.slice(1)}` }
  // The file is named as it is on disk, not as written: a link to a private page's source, or
  // (on a file system that ignores case, as macOS's and Windows's do) `Private/x.md` for
  // `private/x.md`, is that source, and is judged as it (check-private-includes.ts).
  return { file: slashRelative(realpathSync.native(access.siteDir), real), text: read.text }
}
