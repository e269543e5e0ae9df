/**
 * A file's stamp: its size, times, inode and device, which change whenever its text does, so
 * that an incremental build can trust an unchanged file without reading it (parse-cache.ts).
 */
import { statSync } from 'node:fs'

/**
 * A write within the file system clock's tick of a read can keep the times the read saw (some
 * file systems count time in seconds): a file changed that recently gets no stamp, and is read.
 */
const settledMs = 2000

/** `path`'s stamp, or undefined if it cannot be taken or the file changed too recently (within `settledMs` of `now`) to be trusted by it. */
export function fileStamp(path: string, now: number): string | undefined {
  let stat
  try {
    stat = statSync(path, { bigint: true })
  } catch {
    return undefined
  }
  if (!stat.isFile() || Number(stat.mtimeMs) > now - settledMs || Number(stat.ctimeMs) > now - settledMs) return undefined
  return `${stat.size} ${stat.mtimeNs} ${stat.ctimeNs} ${stat.ino} ${stat.dev}`
}
