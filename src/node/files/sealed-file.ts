/**
 * The cache's files, each sealed with a hash of its own text and the cache's key: a file cut
 * short, changed by hand or written under another key (another docsgen or config) reads as none,
 * so the build works it out again instead of trusting it. Files in the cache folder are input
 * like any other: what they say is used only once the seal proves docsgen wrote it under this key.
 */
import { createHash } from 'node:crypto'
import { renameSync, writeFileSync } from 'node:fs'
import { readPlainFile } from './read-plain-file.js'

const magic = 'docsgen-cache 1'

function sealOf(key: string, text: string): string {
  return createHash('sha1').update(key).update('\0').update(text).digest('base64url')
}

/** Writes `text` under `key` into `file`, whole or not at all (through a temporary file renamed into place). */
export function writeSealed(file: string, key: string, text: string): void {
  const temporary = `${file}.${process.pid}`
  writeFileSync(temporary, `${magic} ${sealOf(key, text)}\n${text}`)
  renameSync(temporary, file)
}

/** The text sealed under `key` in `file`, or undefined: no such file, or not one its seal vouches for. */
function readSealed(file: string, key: string): string | undefined {
  // Read as text (Node decodes a file faster than a buffer's slice), hashed as the bytes it was written as.
  const read = readPlainFile(file, 'utf8')
  if (read === undefined) return undefined
  const end = read.indexOf('\n')
  if (end < 0 || end > 200) return undefined
  const [name, version, seal] = read.slice(0, end).split(' ')
  if (`${name} ${version}` !== magic) return undefined
  const text = read.slice(end + 1)
  return seal === sealOf(key, text) ? text : undefined
}

/** `readSealed`'s text as JSON, if it is JSON and `valid` accepts it. */
export function readSealedJson<T>(file: string, key: string, valid: (value: unknown) => value is T): T | undefined {
  const text = readSealed(file, key)
  if (text === undefined) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return valid(value) ? value : undefined
  } catch {
    return undefined
  }
}
