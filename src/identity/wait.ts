/** Bounded, cancellable waits on an injected clock. */

import { IdentityError, flowCancelledError } from './errors.js'
import type { Clock } from './ports.js'

/** Resolve after `ms`; reject with flowCancelled as soon as `signal` aborts. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(flowCancelledError())
    const onAbort = () => {
      clock.clearTimeout(handle)
      reject(flowCancelledError())
    }
    const handle = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Wait for `start(resolve)` to deliver a value. Rejects with flowCancelled when `signal` aborts
 * and with a timeout error (reason `reason`) after `ms`. `start` returns its clean-up.
 */
export function waitFor<T>(
  clock: Clock,
  ms: number,
  reason: string,
  signal: AbortSignal | undefined,
  start: (resolve: (value: T) => void, reject: (error: unknown) => void) => () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(flowCancelledError())
    let cleanup = () => {}
    const finish = () => {
      cleanup()
      clock.clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    const onAbort = () => {
      finish()
      reject(flowCancelledError())
    }
    const timer = clock.setTimeout(() => {
      finish()
      reject(new IdentityError('timeout', `No answer within ${ms} ms`, { reason }))
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
    cleanup = start(
      (value) => {
        finish()
        resolve(value)
      },
      (error) => {
        finish()
        reject(error)
      },
    )
  })
}
