import { useCallback, useSyncExternalStore } from 'react'
import type { FlowState, LoginFlow } from '../identity/index.js'

/** The flow's current state; the component re-renders on every change. */
export function useFlowState(flow: LoginFlow): FlowState {
  const subscribe = useCallback((listener: () => void) => flow.subscribe(listener), [flow])
  return useSyncExternalStore(subscribe, () => flow.state, () => flow.state)
}
