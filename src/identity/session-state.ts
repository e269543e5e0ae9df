/**
 * The client's session: SDK state, the signed-in and anonymous users, the
 * organization-switching state, and where their tokens are stored. Every change is announced
 * to the onChange listeners.
 */

import type { ClientContext } from './client-context.js'
import { ORG_SWITCH_IN_PROGRESS, STORAGE_KEYS } from './constants.js'
import type { StorageLike } from './ports.js'
import { createTokenStorage } from './token-store.js'
import type { User } from './user.js'

export type SdkState = 'initial' | 'loaded' | 'retrievingToken' | 'ready'

export type OrgSwitchingState = { readonly state: 'idle' } | { readonly state: 'switching'; readonly oid: string }

export interface SessionState {
  readonly sdkState: SdkState
  /** The signed-in (not anonymous) user. */
  readonly user: User | undefined
  readonly anonymousUser: User | undefined
  readonly orgSwitching: OrgSwitchingState
  setSdkState(state: SdkState): void
  /** Also sets (or clears) the session flag that a switch is in progress. */
  setOrgSwitching(state: OrgSwitchingState): void
  /** Called after any change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void
  /** Where tokens are kept (the tokenStorage option). */
  readonly tokens: StorageLike
  /** Storage key of the user token of organization `oid`. */
  userKey(oid: string | undefined): string
  /** Storage key of the anonymous user token of this client's organization. */
  readonly anonymousKey: string
  /** Keep a new user: a logged-in user replaces (and removes) the anonymous one. */
  storeUser(next: User): void
  /** Forget the signed-in user here, then revoke the token (revocation errors are swallowed). */
  logout(): Promise<void>
}

export function createSessionState(context: ClientContext): SessionState {
  const { options, ports, analytics, api } = context
  let sdkState: SdkState = 'initial'
  let user: User | undefined
  let anonymousUser: User | undefined
  let orgSwitching: OrgSwitchingState = { state: 'idle' }
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of [...listeners]) {
      try {
        listener()
      } catch (error) {
        ports.logger.error('An onChange listener threw', error)
      }
    }
  }
  const tokens = createTokenStorage(options.tokenStorage, options.cookie, {
    localStorage: ports.localStorage,
    document: ports.document,
    clock: ports.clock,
    logger: ports.logger,
  })
  const userKey = (oid: string | undefined) => STORAGE_KEYS.userTokenPrefix + (oid ?? '')
  const anonymousKey = STORAGE_KEYS.anonymousUserTokenPrefix + (options.oid ?? '')

  return {
    get sdkState() {
      return sdkState
    },
    get user() {
      return user
    },
    get anonymousUser() {
      return anonymousUser
    },
    get orgSwitching() {
      return orgSwitching
    },
    setSdkState(next) {
      sdkState = next
      changed()
    },
    setOrgSwitching(next) {
      orgSwitching = next
      if (next.state === 'switching') context.session().setItem(STORAGE_KEYS.orgSwitching, ORG_SWITCH_IN_PROGRESS)
      else context.session().removeItem(STORAGE_KEYS.orgSwitching)
      changed()
    },
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    tokens,
    userKey,
    anonymousKey,
    storeUser(next) {
      if (next.anonymous) {
        anonymousUser = next
        tokens.setItem(anonymousKey, next.token)
      } else {
        user = next
        tokens.setItem(userKey(next.oid ?? options.oid), next.token)
        if (anonymousUser || tokens.getItem(anonymousKey) !== null) {
          anonymousUser = undefined
          tokens.removeItem(anonymousKey)
        }
      }
      changed()
    },
    async logout() {
      const current = user
      if (!current) return
      user = undefined
      tokens.removeItem(userKey(current.oid ?? options.oid))
      changed()
      analytics('PersonLoggedOut_v1', { person_id: current.personId })
      await api.revokeToken(current.token)
    },
  }
}
