/**
 * What runs inside a LoginFlow (login-flow.ts) for each kind of sign-in: a person's ID flow
 * (`POST /id/v2`, also MFA and anonymous upgrade), password recovery (`POST /recover`) and
 * organization switching (`POST /token/v2`). All share one wrapper: the started, succeeded and
 * failed events, storing the user, and the rules that a cancelled flow is not a login failure
 * and that a failed login logs the person out.
 */

import type { AnswerChallenges } from './challenge-answerer.js'
import type { ClientContext } from './client-context.js'
import { ERROR_MESSAGES, IdentityError, flowCancelledError, isProviderOutage, toIdentityError } from './errors.js'
import { REACHABLE_HANDLE_TYPES, assertHandleFitsFactor } from './handles-and-factors.js'
import { createLoginFlow, type FlowConfig, type FlowRunner, type LoginFlow } from './login-flow.js'
import { requireOid } from './options.js'
import type { ResolvedPorts } from './ports.js'
import type { SessionState } from './session-state.js'
import { createFlowMetadata, factorForWire, type SequenceResult } from './sign-in.js'
import type { SignInReports } from './sign-in-reports.js'
import type { Challenge, Factor } from './types.js'
import { createUser, type User } from './user.js'

type Kind = 'id' | 'recovery' | 'switch'

/** How an attempt starts: challenges to answer (with the bearer to send), or a token at once. */
type FirstStep = { challenges?: readonly Challenge[]; token?: string; bearer?: string | undefined }

export interface FlowRunners {
  /** A flow in 'initial' state for an ID flow in organization `oid`, sending `bearer()` when there is one. */
  idFlow(oid: string | undefined, bearer: () => string | undefined): LoginFlow
  recoveryFlow(): LoginFlow
  /** Switching to organization `oid`; orgSwitching is 'switching' while it authenticates. */
  switchFlow(oid: string): LoginFlow
}

async function assertFactorSupported(factor: Factor, ports: ResolvedPorts) {
  if (factor.method !== 'webauthn') return
  if (!ports.credentials) throw new IdentityError('invalidAuthenticationMethodError', ERROR_MESSAGES.webAuthnUnavailable)
  if (factor.options?.attachment === 'platform') {
    const available = (await ports.isUserVerifyingPlatformAuthenticatorAvailable?.()) ?? false
    if (!available) throw new IdentityError('invalidAuthenticationMethodError', ERROR_MESSAGES.noPlatformAuthenticator)
  }
}

function assertRecoverable({ handle, factor }: FlowConfig) {
  if (handle?.type === 'username') throw new IdentityError('recoverNonReachableHandleType', ERROR_MESSAGES.usernameNotReachable)
  if (!handle || !REACHABLE_HANDLE_TYPES.includes(handle.type)) {
    throw new IdentityError('recoverNonReachableHandleType', ERROR_MESSAGES.recoveryNeedsReachableHandle)
  }
  if (factor.method !== 'password') {
    throw new IdentityError('invalidAuthenticationMethodError', `Recovery needs the 'password' factor, got '${factor.method}'`)
  }
  return handle
}

/** What the runners share. */
interface RunnerParts {
  readonly context: ClientContext
  readonly state: SessionState
  readonly answer: AnswerChallenges
  readonly reports: SignInReports
}

function succeed({ context, state, reports }: RunnerParts, kind: Kind, { handle, factor }: FlowConfig, next: User) {
  state.storeUser(next)
  if (kind === 'recovery') context.events.publish('recoveryFlowSucceeded', { handle: handle!, factor, token: next.token })
  // A switch has no factor of its own: report the last authentication the token carries.
  const last = kind === 'switch' ? next.authentications.at(-1) : undefined
  const succeeded = last ? { handle: last.handle, factor: { method: last.method as Factor['method'] } } : { handle, factor }
  context.events.publish('idFlowSucceeded', { token: next.token, ...succeeded })
  reports.succeeded(next, succeeded.handle, succeeded.factor.method)
  return next
}

async function fail({ context, state, reports }: RunnerParts, kind: Kind, { handle, factor }: FlowConfig, error: IdentityError) {
  if (kind === 'recovery') {
    context.events.publish('recoveryFlowFailed', { handle: handle!, factor, error })
    const failure = { failed_authn_method: factor.method, failure_reason: 'recovery_failed', failure_detail: error.message, handle }
    context.analytics('AuthenticationFailed_v1', failure)
  }
  reports.failed(error, handle, factor)
  // A failed login logs the person out; a failed switch, or a provider that
  // could not answer, keeps the session.
  if (kind !== 'switch' && state.user && !isProviderOutage(error)) await state.logout()
}

/** One sign-in attempt of `kind`: its first step, then the challenges, then success or failure. */
function runner(parts: RunnerParts, kind: Kind, firstStep: (config: FlowConfig, signal: AbortSignal) => Promise<FirstStep>): FlowRunner {
  const { events } = parts.context
  return async (config, signal, setPrompt) => {
    const { handle, factor } = config
    if (kind === 'id') events.publish('idFlowStarted', { handle, factor })
    if (kind === 'recovery') events.publish('recoveryFlowStarted', { handle: handle!, factor })
    try {
      const start = await firstStep(config, signal)
      const result: SequenceResult = start.token
        ? { token: start.token, recoveryCodes: undefined }
        : await parts.answer(start.challenges ?? [], { signal, token: start.bearer, handle, factor, setPrompt })
      const next = createUser(result.token)
      if (signal.aborted) throw flowCancelledError()
      return { user: succeed(parts, kind, config, next), recoveryCodes: result.recoveryCodes }
    } catch (thrown) {
      const error = toIdentityError(thrown)
      if (signal.aborted || error.code === 'flowCancelled') throw flowCancelledError()
      await fail(parts, kind, config, error)
      throw error
    }
  }
}

export function createFlowRunners(
  context: ClientContext,
  state: SessionState,
  answer: AnswerChallenges,
  reports: SignInReports,
  isTokenValid: (token: string) => Promise<boolean>,
): FlowRunners {
  const { api, events, ports, options } = context
  const parts: RunnerParts = { context, state, answer, reports }

  const idRunner = (oid: string | undefined, bearer: () => string | undefined) =>
    runner(parts, 'id', async ({ handle, factor }, signal) => {
      const orgId = requireOid(oid)
      const wireFactor = factorForWire(factor, ports)
      assertHandleFitsFactor(handle, factor)
      await assertFactorSupported(factor, ports)
      const metadata = await createFlowMetadata(ports, context.session())
      const token = bearer()
      const body = handle ? { handle, factor: wireFactor, metadata } : { factor: wireFactor, metadata }
      return { challenges: await api.id(body, { orgId, token, signal }), bearer: token }
    })

  const recoveryRunner = runner(parts, 'recovery', async (config, signal) => {
    const orgId = requireOid(options.oid)
    const handle = assertRecoverable(config)
    return { challenges: await api.recover({ handle, factor: { method: 'password' } }, { orgId, signal }) }
  })

  const switchRunner = (oid: string) =>
    runner(parts, 'switch', async (_config, signal) => {
      const current = state.user
      if (!current) throw new IdentityError('invalidActionError', 'Switching organization needs a signed-in user, log in first')
      state.setOrgSwitching({ state: 'switching', oid })
      const stored = state.tokens.getItem(state.userKey(oid))
      if (stored !== null) {
        if (await isTokenValid(stored)) return { token: stored }
        state.tokens.removeItem(state.userKey(oid))
      }
      const metadata = await createFlowMetadata(ports, context.session())
      const answered = await api.tokenForOrganization(metadata, { orgId: oid, token: current.token, signal })
      return answered.type === 'token' ? { token: answered.token } : { challenges: answered.challenges, bearer: current.token }
    })

  return {
    idFlow: (oid, bearer) => createLoginFlow(events, idRunner(oid, bearer)),
    recoveryFlow: () => createLoginFlow(events, recoveryRunner),
    switchFlow(oid) {
      const flow = createLoginFlow(events, switchRunner(oid))
      // The switch ends with the flow's authenticating phase, however it ends.
      flow.subscribe(({ status }) => {
        if (status !== 'authenticating' && state.orgSwitching.state !== 'idle') state.setOrgSwitching({ state: 'idle' })
      })
      return flow
    },
  }
}
