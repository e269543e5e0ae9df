/**
 * The login flow state machine: initial → authenticating → (storeRecoveryCodes →)
 * success, or → error. A UI reads `state`, subscribes to changes and answers prompts; a headless
 * harness does the same.
 */

import type { Prompt } from './challenges/context.js'
import { IdentityError, flowCancelledError, isIdentityError, toIdentityError } from './errors.js'
import type { EventBus } from './events.js'
import type { Factor, Handle } from './types.js'
import type { User } from './user.js'

export type FlowStatus = 'initial' | 'authenticating' | 'storeRecoveryCodes' | 'success' | 'error'

export interface FlowConfig {
  readonly handle?: Handle | undefined
  readonly factor: Factor
}

export interface FlowState {
  readonly status: FlowStatus
  readonly config: FlowConfig | undefined
  /** 1 for the first try, +1 for each retry. */
  readonly attempt: number
  /** What the flow waits for while authenticating. */
  readonly prompt: Prompt | undefined
  readonly error: IdentityError | undefined
  /** Recovery codes to show and confirm (storeRecoveryCodes). */
  readonly recoveryCodes: readonly string[] | undefined
  readonly user: User | undefined
}

/** One run of a sign-in: what the client does for a flow attempt. */
export type FlowRunner = (
  config: FlowConfig,
  signal: AbortSignal,
  setPrompt: (prompt: Prompt | undefined) => void,
) => Promise<{ user: User; recoveryCodes: readonly string[] | undefined }>

export interface LoginFlow {
  readonly state: FlowState
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: (state: FlowState) => void): () => void
  /** initial → authenticating, then runs the sign-in. */
  logIn(config: FlowConfig): void
  /** Publish the code the person typed (otp and totp prompts). */
  submitOtp(code: string): void
  /** Publish the password the person typed (password prompts). */
  submitPassword(password: string): void
  /** storeRecoveryCodes → success. */
  confirmRecoveryCodes(): void
  /** From authenticating or error: try again (attempt + 1), or back to initial with `reset`. */
  retry(options?: { reset?: boolean }): void
  /** Stop the flow, publish flowCancelled, back to initial. */
  cancel(): void
  /** Settles at the next success (the user), error or cancellation. */
  done(): Promise<User>
}

export function createLoginFlow(events: EventBus, run: FlowRunner): LoginFlow {
  let state: FlowState = {
    status: 'initial',
    config: undefined,
    attempt: 0,
    prompt: undefined,
    error: undefined,
    recoveryCodes: undefined,
    user: undefined,
  }
  const listeners = new Set<(state: FlowState) => void>()
  let controller: AbortController | undefined
  let stopListening = () => {}

  const update = (patch: Partial<FlowState>) => {
    state = { ...state, ...patch }
    for (const listener of [...listeners]) listener(state)
  }

  const stopRun = () => {
    stopListening()
    controller?.abort()
    controller = undefined
  }

  function start(config: FlowConfig, attempt: number) {
    stopRun()
    const run_ = new AbortController()
    controller = run_
    // The app (or cancel()) publishes flowCancelled to stop the flow.
    stopListening = events.subscribe('flowCancelled', () => {
      if (controller !== run_) return
      stopRun()
      update({ status: 'initial', prompt: undefined, error: undefined })
    })
    update({ status: 'authenticating', config, attempt, prompt: undefined, error: undefined, recoveryCodes: undefined })
    run(config, run_.signal, (prompt) => {
      if (controller === run_) update({ prompt })
    }).then(
      ({ user, recoveryCodes }) => {
        if (controller !== run_) return
        stopListening()
        controller = undefined
        if (recoveryCodes && recoveryCodes.length > 0) update({ status: 'storeRecoveryCodes', prompt: undefined, recoveryCodes, user })
        else update({ status: 'success', prompt: undefined, user })
      },
      (error) => {
        if (controller !== run_) return
        stopListening()
        controller = undefined
        if (isIdentityError(error, 'flowCancelled')) update({ status: 'initial', prompt: undefined })
        else update({ status: 'error', prompt: undefined, error: toIdentityError(error) })
      },
    )
  }

  const assertStatus = (action: string, ...allowed: FlowStatus[]) => {
    if (!allowed.includes(state.status)) {
      throw new IdentityError('invalidActionError', `Cannot ${action} while the flow is '${state.status}'`)
    }
  }

  const flow: LoginFlow = {
    get state() {
      return state
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    logIn(config) {
      assertStatus('log in', 'initial', 'success', 'error')
      start(config, state.attempt + 1)
    },
    submitOtp(code) {
      events.publish('otpCodeSubmitted', code)
    },
    submitPassword(password) {
      events.publish('passwordSubmitted', password)
    },
    confirmRecoveryCodes() {
      assertStatus('confirm recovery codes', 'storeRecoveryCodes')
      update({ status: 'success', recoveryCodes: undefined })
    },
    retry({ reset = false } = {}) {
      assertStatus('retry', 'authenticating', 'error')
      if (reset || !state.config) {
        stopRun()
        update({ status: 'initial', config: undefined, attempt: 0, prompt: undefined, error: undefined })
        return
      }
      start(state.config, state.attempt + 1)
    },
    cancel() {
      if (state.status !== 'authenticating') return
      events.publish('flowCancelled', undefined)
    },
    done() {
      return new Promise<User>((resolve, reject) => {
        const settle = (current: FlowState) => {
          if (current.status === 'success') resolve(current.user!)
          else if (current.status === 'error') reject(current.error)
          else if (current.status === 'initial') reject(flowCancelledError())
          else return false
          return true
        }
        if (state.status !== 'authenticating' && state.status !== 'storeRecoveryCodes' && settle(state)) return
        const unsubscribe = flow.subscribe((current) => {
          if (settle(current)) unsubscribe()
        })
      })
    },
  }
  return flow
}
