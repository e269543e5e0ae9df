/**
 * Reads a text file of the site (Markdown, `_category_.json`) and turns every way that can fail
 * into a diagnostic naming the file, never an exception: a file the build may not read, one that
 * vanished, a folder where a file was listed.
 */
import { readFileSync } from 'node:fs'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'

export type TextFileResult = { readonly text: string; readonly diagnostic?: undefined } | { readonly text: undefined; readonly diagnostic: Diagnostic }

/** Reads `path`, named `file` (site-relative) in diagnostics. */
export function readTextFile(path: string, file: string): TextFileResult {
  try {
    return { text: readFileSync(path, 'utf8') }
  } catch (error) {
    return { text: undefined, diagnostic: fileSystemDiagnostic(error, file, 'file') }
  }
}

/** A diagnostic for a file or folder the build could not read, in our words whatever the platform's. */
export function fileSystemDiagnostic(error: unknown, file: string, what: 'file' | 'folder'): Diagnostic {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const reason = code === undefined ? undefined : reasons[code]
  return diagnostic({
    file,
    ruleId: 'file-unreadable',
    message: `Cannot read the ${what}: ${reason ?? (code ? `the system refused it (${code})` : 'an unexpected error')}`,
    suggestion: code === 'EACCES' || code === 'EPERM' ? `Make it readable by the user running the build, or remove it.` : undefined,
  })
}

const reasons: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOENT: 'it was removed while the build was reading',
  ENOTDIR: 'a part of its path is not a folder',
  EISDIR: 'it is a folder',
  ELOOP: 'its symbolic links form a loop',
  ENAMETOOLONG: 'its path is too long',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EIO: 'an input/output error',
  EBUSY: 'it is busy',
}
