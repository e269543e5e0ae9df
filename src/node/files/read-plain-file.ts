/**
 * A file of the cache read whole, or undefined when there is none to read: missing, unreadable,
 * or not a regular file. It is opened without waiting, so a named pipe put in its place is never
 * waited on.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs'

export function readPlainFile(path: string): Buffer | undefined
export function readPlainFile(path: string, encoding: 'utf8'): string | undefined
export function readPlainFile(path: string, encoding?: 'utf8'): Buffer | string | undefined {
  let descriptor: number | undefined
  try {
    descriptor = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
    if (!fstatSync(descriptor).isFile()) return undefined
    return encoding === undefined ? readFileSync(descriptor) : readFileSync(descriptor, encoding)
  } catch {
    return undefined
  } finally {
    if (descriptor !== undefined) closeSync(descriptor)
  }
}
