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

const initialState: FlowState = {
  status: 'initial',
  config: undefined,
  attempt: 0,
  prompt: undefined,
  error: undefined,
  recoveryCodes: undefined,
  user: undefined,
}

export function createLoginFlow(events: EventBus, run: FlowRunner): LoginFlow {
  let state = initialState
  const listeners = new Set<(state: FlowState) => void>()

  const update = (patch: Partial<FlowState>) => {
    state = { ...state, ...patch }
    for (const listener of [...listeners]) listener(state)
  }

  // The app (or cancel()) publishes flowCancelled to stop the flow.
  const runs = createRunSlot(events, () => update({ status: 'initial', prompt: undefined, error: undefined }))

  function start(config: FlowConfig, attempt: number) {
    const current = runs.begin()
    update({ status: 'authenticating', config, attempt, prompt: undefined, error: undefined, recoveryCodes: undefined })
    run(config, current.signal, (prompt) => {
      if (current.isCurrent()) update({ prompt })
    }).then(
      ({ user, recoveryCodes }) => {
        if (!current.isCurrent()) return
        current.finish()
        if (recoveryCodes && recoveryCodes.length > 0) update({ status: 'storeRecoveryCodes', prompt: undefined, recoveryCodes, user })
        else update({ status: 'success', prompt: undefined, user })
      },
      (error) => {
        if (!current.isCurrent()) return
        current.finish()
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
        runs.stop()
        update({ status: 'initial', config: undefined, attempt: 0, prompt: undefined, error: undefined })
        return
      }
      start(state.config, state.attempt + 1)
    },
    cancel() {
      if (state.status !== 'authenticating') return
      events.publish('flowCancelled', undefined)
    },
    done: () => nextOutcome(flow),
  }
  return flow
}

interface CurrentRun {
  readonly signal: AbortSignal
  /** False once another run began, or this one was stopped or finished. */
  isCurrent(): boolean
  /** The run ended on its own: nothing left to abort. */
  finish(): void
}

/**
 * One run at a time: beginning a run stops the one before; a flowCancelled event stops the
 * current one and calls `onCancelled`.
 */
function createRunSlot(events: EventBus, onCancelled: () => void): { begin(): CurrentRun; stop(): void } {
  let controller: AbortController | undefined
  let stopListening = () => {}
  const stop = () => {
    stopListening()
    controller?.abort()
    controller = undefined
  }
  const begin = (): CurrentRun => {
    stop()
    const run = new AbortController()
    controller = run
    stopListening = events.subscribe('flowCancelled', () => {
      if (controller !== run) return
      stop()
      onCancelled()
    })
    return {
      signal: run.signal,
      isCurrent: () => controller === run,
      finish: () => {
        stopListening()
        controller = undefined
      },
    }
  }
  return { begin, stop }
}

/** Settles at the flow's next success (the user), error or cancellation. */
function nextOutcome(flow: LoginFlow): Promise<User> {
  return new Promise<User>((resolve, reject) => {
    const settle = (current: FlowState) => {
      if (current.status === 'success') resolve(current.user!)
      else if (current.status === 'error') reject(current.error)
      else if (current.status === 'initial') reject(flowCancelledError())
      else return false
      return true
    }
    if (flow.state.status !== 'authenticating' && flow.state.status !== 'storeRecoveryCodes' && settle(flow.state)) return
    const unsubscribe = flow.subscribe((current) => {
      if (settle(current)) unsubscribe()
    })
  })
}
