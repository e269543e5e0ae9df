/**
 * What every part of the widget reads: texts, the clock, the configuration and the platform
 * edges the host passed in (so the widget runs in a browser, in happy-dom and in Node alike).
 */
import { createContext, useContext } from 'react'
import type { Clock, StorageLike } from '../identity/index.js'
import type { ResolvedWidgetConfig } from './resolve-widget-config.js'
import type { Translate } from './text.js'

/** `navigator.clipboard`, for the copy buttons. */
export interface ClipboardLike {
  writeText(text: string): Promise<void>
}

/** Platform edges of the widget; each defaults to the browser's when present. */
export interface WidgetPorts {
  /** Countdowns, copy confirmation and typeahead timing (a fake clock in tests). */
  readonly clock?: Clock
  /** Where the last handle and factor are remembered (default localStorage). */
  readonly storage?: StorageLike
  readonly clipboard?: ClipboardLike
  /** Whether passkeys can be offered (default: the browser has PublicKeyCredential). */
  readonly passkeySupported?: boolean
}

export interface WidgetEnvironment {
  readonly t: Translate
  readonly clock: Clock
  readonly storage: StorageLike | undefined
  readonly clipboard: ClipboardLike | undefined
  readonly passkeySupported: boolean
  readonly config: ResolvedWidgetConfig
}

export const WidgetContext = createContext<WidgetEnvironment | null>(null)

export function useWidget(): WidgetEnvironment {
  const environment = useContext(WidgetContext)
  if (!environment) throw new Error('useWidget: a widget component was rendered outside <WidgetRoot>')
  return environment
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Read a browser global without letting a throwing getter (sandboxed storage) escape. */
function fromGlobal<T>(read: (g: Record<string, any>) => T | undefined): T | undefined {
  try {
    return read(globalThis as unknown as Record<string, any>)
  } catch {
    return undefined
  }
}

export function resolveWidgetPorts(ports: WidgetPorts = {}): Omit<WidgetEnvironment, 't' | 'config'> {
  return {
    clock: ports.clock ?? systemClock,
    storage: ports.storage ?? fromGlobal((g) => g.localStorage as StorageLike | undefined),
    clipboard: ports.clipboard ?? fromGlobal((g) => g.navigator?.clipboard as ClipboardLike | undefined),
    passkeySupported: ports.passkeySupported ?? fromGlobal((g) => typeof g.PublicKeyCredential === 'function') ?? false,
  }
}
