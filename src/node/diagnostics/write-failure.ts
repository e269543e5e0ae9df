/**
 * A file-system call the build made to write (its output, its private output, its cache) that
 * failed: a folder that cannot be made or written, a full disk. It is the user's environment,
 * not a docsgen bug, so it is a diagnostic naming the folder and the reason, never a crash.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { isInside } from '../files/is-inside.js'
import { systemErrorReason } from './system-error-reason.js'
import { slashRelative } from '../files/slash-path.js'

/** The diagnostic for `error` if it is a failed file-system call on a path, else undefined. */
export function writeFailureDiagnostic(error: unknown, siteDir: string): Diagnostic | undefined {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code) || typeof path !== 'string') return undefined
  // The build writes into `<folder>.next-<pid>` and swaps it in: the user knows the folder by its own name.
  const named = path.replace(/\.next-\d+(?=$|[\\/])/, '')
  const inside = isInside(siteDir, named) && named !== siteDir
  return diagnostic({
    file: inside ? slashRelative(siteDir, named) : named,
    ruleId: 'output-unwritable',
    message: `The build could not write here: ${systemErrorReason(error)}`,
    suggestion: 'Make the folder writable by the user running the build and check the disk has room, or choose other folders with --out-dir and --private-dir.',
  })
}
