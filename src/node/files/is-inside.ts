import { isAbsolute, relative, sep } from 'node:path'

/** Whether `path` is `folder` or under it (both absolute, resolved the same way); a name that begins with ".." is inside. */
export function isInside(folder: string, path: string): boolean {
  const from = relative(folder, path)
  return from === '' || (from !== '..' && !from.startsWith(`..${sep}`) && !isAbsolute(from))
}
