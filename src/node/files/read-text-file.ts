/**
 * Reads a text file of the site (Markdown, `_category_.json`, the config) within sane limits, and
 * turns every way that can fail into a diagnostic naming the file, never an exception: a file the
 * build may not read, one that vanished, a folder where a file was listed, a file or a line too
 * long, bytes that are not UTF-8.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { systemErrorReason } from '../diagnostics/system-error-reason.js'
import { decodeUtf8 } from './decode-utf8.js'

/**
 * Larger files are refused before they are read. The largest real documentation pages (API
 * references, changelogs) are around 1 MB; Markdown can take some 500 bytes of memory per byte
 * while it is parsed, so a 200 MB file needed 3.9 GB.
 */
export const maxFileBytes = 4 * 1024 * 1024

/** Longer lines are refused in Markdown: prose and tables stay far below; only pasted or generated data gets there. */
export const maxLineLength = 100_000

export type TextFileResult = { readonly text: string; readonly diagnostic?: undefined } | { readonly text: undefined; readonly diagnostic: Diagnostic }

/** Reads `path`, named `file` (site-relative) in diagnostics; `markdown` files also have their line length checked. */
export function readTextFile(path: string, file: string, options: { readonly markdown: boolean }): TextFileResult {
  let bytes: Buffer
  let descriptor: number | undefined
  try {
    // Opened without waiting (a named pipe would wait for a writer forever), then refused unless it is a file or folder.
    descriptor = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
    const stat = fstatSync(descriptor)
    if (!stat.isFile() && !stat.isDirectory())
      return {
        text: undefined,
        diagnostic: diagnostic({ file, ruleId: 'content-special-file', message: 'It is a named pipe, socket or device, not a regular file', suggestion: 'Replace it with a regular file, or remove it.' }),
      }
    const size = stat.size
    if (size > maxFileBytes)
      return {
        text: undefined,
        diagnostic: diagnostic({
          file,
          ruleId: 'file-too-large',
          message: `The file is ${mebibytes(size)}; a file the site reads may be at most ${mebibytes(maxFileBytes)}`,
          suggestion: 'Split it into smaller files.',
        }),
      }
    bytes = readFileSync(descriptor)
  } catch (error) {
    return { text: undefined, diagnostic: fileSystemDiagnostic(error, file, 'file') }
  } finally {
    if (descriptor !== undefined) closeSync(descriptor)
  }
  const decoded = decodeUtf8(bytes)
  if (decoded.problem) return { text: undefined, diagnostic: diagnostic({ file, ruleId: 'encoding-invalid', ...decoded.problem }) }
  const text = decoded.text
  const long = options.markdown ? firstLongLine(text) : undefined
  if (long === undefined) return { text }
  return {
    text: undefined,
    diagnostic: diagnostic({
      file,
      line: long.line,
      column: maxLineLength + 1,
      ruleId: 'line-too-long',
      message: `Line ${long.line} is ${long.length} characters long; a line may be at most ${maxLineLength}`,
      suggestion: 'Break it into shorter lines (a paragraph may span many), or move generated data out of the page.',
    }),
  }
}

/** A diagnostic for a file or folder the build could not read, in our words whatever the platform's. */
export function fileSystemDiagnostic(error: unknown, file: string, what: 'file' | 'folder'): Diagnostic {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return diagnostic({
    file,
    ruleId: 'file-unreadable',
    message: `Cannot read the ${what}: ${systemErrorReason(error)}`,
    suggestion: code === 'EACCES' || code === 'EPERM' ? `Make it readable by the user running the build, or remove it.` : undefined,
  })
}

function firstLongLine(text: string): { line: number; length: number } | undefined {
  let line = 1
  for (let start = 0; start <= text.length; line++) {
    const end = text.indexOf('\n', start)
    const length = (end === -1 ? text.length : end) - start
    if (length > maxLineLength) return { line, length }
    if (end === -1) return undefined
    start = end + 1
  }
  return undefined
}

function mebibytes(bytes: number): string {
  return `${Number.isInteger(bytes / 1048576) ? bytes / 1048576 : (bytes / 1048576).toFixed(1)} MiB`
}
