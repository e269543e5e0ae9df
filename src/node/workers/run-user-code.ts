/**
 * Runs the site's own code (its config, its component pages) on a worker thread, so that what
 * that code does to its thread cannot take the build with it: `process.exit()` ends the thread,
 * an endless loop is stopped at the time limit, a memory hoard at the memory limit, and a throw
 * scheduled for later never runs (the thread is ended as soon as it answers). Each becomes a
 * diagnostic instead of a silent exit, a hang, a crash or a stack trace. It is not a sandbox: the
 * site's code runs with the build's rights, as under any static site generator; what it must not
 * do is end or stall the build by mistake.
 *
 * The worker (written with userCodeThread, user-code-thread.ts) announces each piece of user
 * code it starts (a step, e.g. a file), and each step gets the time limit; then it answers once.
 * Only plain data crosses back (structured clone).
 */
import { createWorker } from './run-in-worker.js'

/** How long one step of the site's code may run: real configs and pages take milliseconds. */
export const userCodeTimeLimitMs = 10_000

/** How much memory the site's code may hold: real configs and pages need a few megabytes. */
export const userCodeMemoryLimitMb = 1024

/** How a run ended; `step` is the step it was in (undefined before the first). */
export type UserCodeOutcome<Result, Step = string> =
  | { readonly kind: 'done'; readonly result: Result }
  | { readonly kind: 'timed-out'; readonly step: Step | undefined }
  | { readonly kind: 'out-of-memory'; readonly step: Step | undefined }
  /** The thread ended before answering: `exitCalled` when the code called process.exit(). */
  | { readonly kind: 'exited'; readonly step: Step | undefined; readonly code: number; readonly exitCalled: boolean }
  | { readonly kind: 'threw'; readonly step: Step | undefined; readonly error: unknown }

export type Message<Result, Step> = { readonly type: 'step'; readonly step: Step } | { readonly type: 'done'; readonly result: Result } | { readonly type: 'exit' }

/** Runs a worker module written with userCodeThread and resolves to how it ended; never rejects. */
export function runUserCode<Result, Step = string>(
  moduleUrl: URL,
  data: unknown,
  timeLimitMs: number,
  memoryLimitMb = userCodeMemoryLimitMb,
): Promise<UserCodeOutcome<Result, Step>> {
  const worker = createWorker(moduleUrl, data, { maxOldGenerationSizeMb: memoryLimitMb })
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
        // Decided after the event loop's poll phase: if this thread was busy past the limit, an
        // answer that arrived meanwhile is read first, and the code is not blamed for our delay.
        timer = setTimeout(() => setImmediate(() => settle({ kind: 'timed-out', step })), timeLimitMs)
      } else if (message.type === 'exit') exitCalled = true
      else settle({ kind: 'done', result: message.result })
    })
    worker.on('error', (error: unknown) =>
      settle((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? { kind: 'out-of-memory', step } : { kind: 'threw', step, error }),
    )
    worker.on('exit', (code) => settle({ kind: 'exited', step, code, exitCalled }))
  })
}
