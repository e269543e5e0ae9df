/**
 * Source names that break a checkout elsewhere: two names one file system cannot tell apart
 * (`B.md` and `b.md` on macOS and Windows; the NFC and NFD spellings of `café.md` on macOS),
 * and names Windows refuses (`CON.md`, `notes.`, `what?.txt`). Each file and folder is judged
 * once, by its path under the site.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { collisionKey, parentFolders, portableNameProblem } from '../../shared/portable-path.js'
import type { ContentFile } from './read-content.js'

export function checkFileNames(files: readonly Pick<ContentFile, 'file'>[]): Diagnostic[] {
  const problems: Diagnostic[] = []
  const seen = new Set<string>()
  const byKey = new Map<string, string>()
  // Folders before the files in them, each path once, in a stable order.
  // A folder outside the site that a Docusaurus config names (`path: '../docs'`) is reached through "..": no name of the site's.
  const paths = files
    .flatMap(({ file }) => [...parentFolders(file).reverse(), file])
    .filter((path) => !/^\.\.(\/\.\.)*$/.test(path) && !seen.has(path) && seen.add(path))
  const unportable = new Set<string>()
  for (const path of paths) {
    if (parentFolders(path).some((folder) => unportable.has(folder))) continue
    const name = path.slice(path.lastIndexOf('/') + 1)
    const problem = portableNameProblem(name)
    if (problem !== undefined) {
      unportable.add(path)
      problems.push(
        diagnostic({
          file: path,
          ruleId: 'file-name-unportable',
          message: `The name "${name}" ${problem}`,
          suggestion: 'Rename it; names must work on every system the site is checked out, built or served on.',
        }),
      )
      continue
    }
    const key = collisionKey(path)
    const other = byKey.get(key)
    if (other === undefined) byKey.set(key, path)
    else if (!parentFolders(path).some((folder) => byKey.get(collisionKey(folder)) !== folder))
      problems.push(
        diagnostic({
          file: path,
          ruleId: 'file-name-clash',
          message: `"${other}" and "${path}" ${other.normalize('NFC') === path.normalize('NFC') ? 'are one name in two Unicode forms (NFC and NFD), which macOS does not tell apart' : 'differ only in letter case, which case-insensitive file systems (macOS, Windows) do not tell apart'}: a checkout keeps one of them`,
          suggestion: 'Rename one of them, or merge them.',
        }),
      )
  }
  return problems
}
