/** Answer a list of challenges with a fresh context wired to the client (sign-in.ts runs it). */

import type { ClientContext } from './client-context.js'
import { answerChallenges, createChallengeContext, type SequenceResult, type SequenceSetup } from './sign-in.js'
import type { SignInReports } from './sign-in-reports.js'
import type { Challenge, Handle } from './types.js'
import { decodeTokenPayload } from './user.js'

export type AnswerSetup = Pick<SequenceSetup, 'signal' | 'token' | 'handle' | 'factor' | 'setPrompt'>

export type AnswerChallenges = (challenges: readonly Challenge[], setup: AnswerSetup) => Promise<SequenceResult>

/** The person a bearer token is for, if it says (bearers come from users, so they decode). */
function personOf(bearer: string | undefined): string | undefined {
  const personId = bearer === undefined ? undefined : decodeTokenPayload(bearer).person_id
  return typeof personId === 'string' ? personId : undefined
}

export function createChallengeAnswerer(context: ClientContext, reports: SignInReports): AnswerChallenges {
  const { api, events, ports, options } = context
  /** A link a flow waits for is bound to its handle, or for a step-up without one to the bearer's person. */
  const linkExpecter = (handle: Handle | undefined, bearer: string | undefined) => (method: string) => {
    const personId = handle ? undefined : personOf(bearer)
    if (!handle && !personId) return () => {}
    return context.pendingLinks().expect({ method, handle, personId, expiresAt: ports.clock.now() + options.pollTimeoutMs })
  }
  return (challenges, setup) =>
    answerChallenges(
      challenges,
      createChallengeContext({
        api,
        events,
        ports,
        options,
        ...setup,
        reportFailure: reports.challengeFailure(setup.handle, setup.factor),
        expectLink: linkExpecter(setup.handle, setup.token),
      }),
    )
}
