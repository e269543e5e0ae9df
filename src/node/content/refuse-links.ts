/**
 * docsgen follows no symbolic links in content/ and static/, and reads no special files there.
 * Followed, a link to a folder outside the site publishes whatever it holds (a home folder, a
 * key), and a link inside the site publishes one file at a second path, where a private page's
 * body could become a public page. Skipped, the author's page silently vanishes. So each is an
 * error naming the link and where it leads.
 */
import { existsSync, lstatSync, readlinkSync, realpathSync, type Dirent } from 'node:fs'
import { isAbsolute, join, relative, sep } from 'node:path'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { withSlashes } from '../files/slash-path.js'

/** The problem with one entry of a section (`file` relative to the site, with "/"), or undefined for a plain file or folder. */
export function refuseEntry(siteDir: string, file: string, entry: Pick<Dirent, 'isFile' | 'isDirectory' | 'isSymbolicLink'>): Diagnostic | undefined {
  if (entry.isSymbolicLink()) return linkProblem(siteDir, file)
  if (entry.isFile() || entry.isDirectory()) return undefined
  return diagnostic({
    file,
    ruleId: 'content-special-file',
    message: `"${file}" is not a regular file or folder (a named pipe, socket or device), so it cannot be published`,
    suggestion: 'Remove it, or put a regular file in its place.',
  })
}

/** The problem with a section folder (`content/docs`, `static`): reached through a link, checked part by part, or not a folder. */
export function refuseSection(siteDir: string, section: string): Diagnostic | undefined {
  const parts = section.split('/')
  for (let index = 1; index <= parts.length; index++) {
    const file = parts.slice(0, index).join('/')
    if (isLink(join(siteDir, file))) return linkProblem(siteDir, file)
    if (!existsSync(join(siteDir, file))) return undefined
    if (!lstatSync(join(siteDir, file)).isDirectory())
      return diagnostic({
        file,
        ruleId: 'content-special-file',
        message: `"${file}" is not a folder, so nothing in it can be read`,
        suggestion: `Move the file away, and make "${file}" a folder.`,
      })
  }
  return undefined
}

function linkProblem(siteDir: string, file: string): Diagnostic {
  const path = join(siteDir, file)
  const written = readlinkSync(path)
  let real: string | undefined
  try {
    real = realpathSync.native(path)
  } catch {
    real = undefined
  }
  const kind = real !== undefined && lstatSync(real).isDirectory() ? 'folder' : 'file'
  const inSite = real === undefined ? undefined : relative(realpathSync.native(siteDir), real)
  const outside = inSite === undefined || inSite === '..' || inSite.startsWith(`..${sep}`) || isAbsolute(inSite)
  const [where, suggestion] =
    real === undefined
      ? [`"${written}", which does not exist`, 'Remove the link, or put the file itself in its place.']
      : outside
        ? [`"${real}", outside the site`, `Move or copy the ${kind} into the site in place of the link.`]
        : [
            `"${withSlashes(inSite!)}"`,
            `Put the ${kind} itself in place of the link; a followed link would publish one file at two paths, perhaps with different access.`,
          ]
  return diagnostic({
    file,
    ruleId: 'content-symlink',
    message: `"${file}" is a symbolic link to ${where}; docsgen follows no links in content/ and static/`,
    suggestion,
  })
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}
