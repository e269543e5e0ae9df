/**
 * A file's stamp: its size, times, inode and device, which change whenever its text does, so
 * that an incremental build can trust an unchanged file without reading it (parse-cache.ts).
 */
import { statSync, type BigIntStats } from 'node:fs'

/**
 * A write within the file system clock's tick of a read can keep the times the read saw (some
 * file systems count time in seconds): a file changed that recently gets no stamp, and is read.
 */
const settledMs = 2000

/** `path`'s stamp, or undefined if it cannot be taken or the file changed too recently (within `settledMs` of `now`) to be trusted by it. */
export function fileStamp(path: string, now: number): string | undefined {
  const stat = statOf(path)
  if (stat === undefined || Number(stat.mtimeMs) > now - settledMs || Number(stat.ctimeMs) > now - settledMs) return undefined
  return stampOf(stat)
}

/** `path`'s stamp as it is now, however recently it changed: for files docsgen wrote itself and never writes into again (the cache's). */
export function currentStamp(path: string): string | undefined {
  const stat = statOf(path)
  return stat && stampOf(stat)
}

function statOf(path: string): BigIntStats | undefined {
  let stat
  try {
    stat = statSync(path, { bigint: true })
  } catch {
    return undefined
  }
  return stat.isFile() ? stat : undefined
}

function stampOf(stat: BigIntStats): string {
  return `${stat.size} ${stat.mtimeNs} ${stat.ctimeNs} ${stat.ino} ${stat.dev}`
}
