/**
 * How a sign-in's outcome is reported: analytics events and, for failures,
 * the spec's rule that client-side errors go to the private clientSideError event and provider
 * errors to idFlowFailed.
 */

import type { FailureReason } from './challenges/context.js'
import type { ClientContext } from './client-context.js'
import type { IdentityError } from './errors.js'
import type { SessionState } from './session-state.js'
import type { Factor, Handle } from './types.js'
import type { User } from './user.js'

export interface SignInReports {
  succeeded(next: User, handle: Handle | undefined, method: string | undefined): void
  failed(error: IdentityError, handle: Handle | undefined, factor: Factor | undefined): void
  /** A rejected answer inside a flow (wrong code, invalid password…): analytics only. */
  challengeFailure(handle: Handle | undefined, factor: Factor): (reason: FailureReason, challengeId: string, detail?: string) => void
}

export function createSignInReports({ analytics, events }: ClientContext, state: SessionState): SignInReports {
  return {
    succeeded(next, handle, method) {
      analytics('PersonIdentified_v1', { person_id: next.personId })
      analytics('AuthenticationSucceeded_v1', {
        person_id: next.personId,
        success_authn_method: method,
        authenticated_methods: next.authenticatedMethods,
        handle,
      })
    },
    failed(error, handle, factor) {
      const clientSide = error.httpStatus === undefined && error.code !== 'networkError' && error.code !== 'timeout'
      if (clientSide) events.publish('clientSideError', { error })
      else events.publish('idFlowFailed', { error, handle, factor })
      analytics('AuthenticationFailed_v1', {
        failed_authn_method: factor?.method,
        failure_reason: clientSide ? 'client_side_error' : undefined,
        failure_detail: error.message,
        person_id: state.user?.personId,
        handle,
      })
    },
    challengeFailure(handle, factor) {
      return (reason, challengeId, detail) =>
        analytics('AuthenticationFailed_v1', {
          failed_authn_method: factor.method,
          failure_reason: reason,
          challenge_id: challengeId,
          failure_detail: detail,
          person_id: state.user?.personId,
          handle,
        })
    },
  }
}
