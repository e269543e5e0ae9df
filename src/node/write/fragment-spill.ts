/**
 * Search fragments waiting for the index to be written (their page numbers are known only once
 * every page has come), appended to one file of the indexer's work folder rather than held in
 * memory (100 000 docs have about 200 MB of them) or written one file each: creating a file cost
 * about 0.5 ms of kernel time on the bench machine, where ext4 looks past recently deleted inodes
 * for a free one, and a file each was 0.8 s of the 1000-doc build's indexer thread.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs'

export interface FragmentSpill {
  /** Appends a fragment; returns its number. */
  readonly put: (fragment: string) => number
  /** The bytes of fragment `number`. */
  readonly read: (number: number) => Buffer
  /** Closes the file (the work folder it is in is removed by its owner). */
  readonly close: () => void
}

export function createFragmentSpill(file: string): FragmentSpill {
  let fd: number | undefined
  const starts: number[] = []
  const lengths: number[] = []
  let end = 0
  return {
    put(fragment) {
      fd ??= openSync(file, 'w+')
      const data = Buffer.from(fragment)
      for (let written = 0; written < data.byteLength; ) written += writeSync(fd, data, written, data.byteLength - written, end + written)
      starts.push(end)
      lengths.push(data.byteLength)
      end += data.byteLength
      return starts.length - 1
    },
    read(number) {
      const data = Buffer.allocUnsafe(lengths[number]!)
      for (let read = 0; read < data.byteLength; ) {
        const got = readSync(fd!, data, read, data.byteLength - read, starts[number]! + read)
        if (got === 0) throw new Error(`docsgen bug: search fragment ${number} ends early in ${file}`)
        read += got
      }
      return data
    },
    close() {
      if (fd !== undefined) closeSync(fd)
      fd = undefined
    },
  }
}
