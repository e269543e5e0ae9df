/**
 * The worker's side of run-user-code.ts, and how what the site's code threw is described on
 * either side. Kept apart so that a worker loads nothing more than it needs.
 */
import { relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parentPort } from 'node:worker_threads'
import type { Message } from './run-user-code.js'
import { isInside } from '../files/is-inside.js'

/** The worker's side: call once at its start, then announce each step and answer once. */
export function userCodeThread<Result, Step = string>(): { step: (step: Step) => void; done: (result: Result) => void } {
  const port = parentPort!
  // The site's compiled modules carry inline source maps: stack traces then name its own files.
  process.setSourceMapsEnabled(true)
  // Where the site's code threw is read from the stack (thrownAt); Node 24's loader puts ten frames
  // of its own above a failed require, V8's default limit, which left the site's frame out.
  Error.stackTraceLimit = Math.max(Error.stackTraceLimit, 50)
  const exit = process.exit.bind(process)
  process.exit = ((code?: number | string | null) => {
    port.postMessage({ type: 'exit' } satisfies Message<Result, Step>)
    return exit(code)
  }) as typeof process.exit
  return {
    step: (step) => port.postMessage({ type: 'step', step } satisfies Message<Result, Step>),
    done: (result) => port.postMessage({ type: 'done', result } satisfies Message<Result, Step>),
  }
}

/** What was thrown, in words: an error's message, or the thrown value itself. */
export function describeThrown(thrown: unknown): string {
  // Node's "Require stack" names the compiled copy by its path on this machine; the diagnostic places the error already.
  if (thrown instanceof Error) return thrown.message.split('\nRequire stack:\n')[0] || thrown.name
  try {
    return typeof thrown === 'string' ? thrown : `the value ${String(thrown)}`
  } catch {
    return 'a value that cannot be shown'
  }
}

/**
 * Where in the site's own files an error was thrown: the first frame of its stack in a source
 * file of the site (not its node_modules, not a compiled copy), site-relative, with line and column.
 */
export function thrownAt(thrown: unknown, siteDir: string): { file: string; line: number; column: number } | undefined {
  const stack = thrown instanceof Error && typeof thrown.stack === 'string' ? thrown.stack : ''
  for (const [, location = '', line, column] of stack.matchAll(/(?:\(|at )((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?$/gm)) {
    const path = location.startsWith('file://') ? fileURLToPath(location) : location
    const file = relative(siteDir, path)
    const parts = file.split(sep)
    if (!isInside(siteDir, path) || parts.includes('node_modules') || parts[0] === '.docsgen' || file.includes('.timestamp-')) continue
    return { file: parts.join('/'), line: Number(line), column: Number(column) }
  }
  return undefined
}
