/**
 * Runs the site's own code (its config, its component pages) on a worker thread, so that what
 * that code does to its thread cannot take the build with it: `process.exit()` ends the thread,
 * an endless loop is stopped at the time limit, and a throw scheduled for later never runs (the
 * thread is ended as soon as it answers). Each becomes a diagnostic instead of a silent exit, a
 * hang or a stack trace. It is not a sandbox: the site's code runs with the build's rights, as
 * under any static site generator; what it must not do is end or stall the build by mistake.
 *
 * The worker announces each piece of user code it starts (a step, e.g. a file), and each step
 * gets the time limit; then it answers once. Only plain data crosses back (structured clone).
 */
import { isAbsolute, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parentPort } from 'node:worker_threads'
import { createWorker } from './run-in-worker.js'

/** How long one step of the site's code may run: real configs and pages take milliseconds. */
export const userCodeTimeLimitMs = 10_000

/** How a run ended; `step` is the step it was in (undefined before the first). */
export type UserCodeOutcome<Result, Step = string> =
  | { readonly kind: 'done'; readonly result: Result }
  | { readonly kind: 'timed-out'; readonly step: Step | undefined }
  /** The thread ended before answering: `exitCalled` when the code called process.exit(). */
  | { readonly kind: 'exited'; readonly step: Step | undefined; readonly code: number; readonly exitCalled: boolean }
  | { readonly kind: 'threw'; readonly step: Step | undefined; readonly error: unknown }

type Message<Result, Step> = { readonly type: 'step'; readonly step: Step } | { readonly type: 'done'; readonly result: Result } | { readonly type: 'exit' }

/** Runs a worker module written with userCodeThread() and resolves to how it ended; never rejects. */
export function runUserCode<Result, Step = string>(moduleUrl: URL, data: unknown, timeLimitMs: number): Promise<UserCodeOutcome<Result, Step>> {
  const worker = createWorker(moduleUrl, data)
  return new Promise((resolve) => {
    let step: Step | undefined
    let exitCalled = false
    let timer: NodeJS.Timeout | undefined
    let settled = false
    const settle = (outcome: UserCodeOutcome<Result, Step>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
      void worker.terminate()
    }
    worker.on('message', (message: Message<Result, Step>) => {
      if (message.type === 'step') {
        step = message.step
        clearTimeout(timer)
        timer = setTimeout(() => settle({ kind: 'timed-out', step }), timeLimitMs)
      } else if (message.type === 'exit') exitCalled = true
      else settle({ kind: 'done', result: message.result })
    })
    worker.on('error', (error) => settle({ kind: 'threw', step, error }))
    worker.on('exit', (code) => settle({ kind: 'exited', step, code, exitCalled }))
  })
}

/** The worker's side: call once at its start, then announce each step and answer once. */
export function userCodeThread<Result, Step = string>(): { step: (step: Step) => void; done: (result: Result) => void } {
  const port = parentPort!
  // The site's compiled modules carry inline source maps: stack traces then name its own files.
  process.setSourceMapsEnabled(true)
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
  if (thrown instanceof Error) return thrown.message || thrown.name
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
    if (file.startsWith('..') || isAbsolute(file) || parts.includes('node_modules') || parts[0] === '.docsgen' || file.includes('.timestamp-')) continue
    return { file: parts.join('/'), line: Number(line), column: Number(column) }
  }
  return undefined
}
