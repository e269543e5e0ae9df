import { useCallback, useSyncExternalStore, type ReactElement, type ReactNode } from 'react'
import type { IdentityClient } from '../identity/index.js'
import { groupsMatch, type GroupPredicate } from './groups-match.js'

export interface GroupGateProps {
  readonly client: IdentityClient
  /** A group name, `{ anyOf }`, `{ allOf }`, or a predicate over the user's groups. */
  readonly belongsTo: GroupPredicate
  readonly children: ReactNode
  /** Shown instead when the user does not belong (default nothing). */
  readonly fallback?: ReactNode
}

/**
 * Shows its children only to a current (or anonymous) user in the named groups.
 * This is presentation only: content that must stay private is kept private by the gate on the
 * server, never by this component.
 */
export function GroupGate({ client, belongsTo, children, fallback = null }: GroupGateProps): ReactElement {
  const subscribe = useCallback((listener: () => void) => client.onChange(listener), [client])
  const current = () => client.user ?? client.anonymousUser
  const user = useSyncExternalStore(subscribe, current, current)
  const groups = user ? (user.groups ?? []) : undefined
  return <>{groupsMatch(groups, belongsTo) ? children : fallback}</>
}
