/**
 * Everything the browser runtime takes from its surroundings, passed in (never read as globals),
 * so each behaviour runs the same in a browser, in happy-dom and in the sign-in harness.
 */
import type { SafeStorage } from './safe-storage.js'

export interface Platform {
  readonly window: Window
  readonly document: Document
  readonly fetch: (url: string, init?: RequestInit) => Promise<Response>
  /** Milliseconds since the epoch; default Date.now (token expiry). */
  readonly now?: () => number
  /** localStorage that never throws: unavailable means one warning, then empty. */
  readonly local: SafeStorage
  readonly session: SafeStorage
  readonly warn: (message: string, ...details: unknown[]) => void
  /** Loads an ES module by URL: the search engine, on first use of the search box. */
  readonly importModule: (url: string) => Promise<unknown>
}

/** The element at or above an event's target that matches `selector` (targets may be text nodes or the window). */
export function closestTarget(target: EventTarget | null, selector: string): HTMLElement | null {
  const element = target as Partial<Element> | null
  return typeof element?.closest === 'function' ? (element.closest(selector) as HTMLElement | null) : null
}

/** Runs `callback` on the next frame, or soon where frames are not offered. */
export function nextFrame(window: Window, callback: () => void): void {
  if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(() => callback())
  else window.setTimeout(callback, 16)
}

/** A media query's list, or undefined where matchMedia is missing. */
export function mediaQuery(window: Window, query: string): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined
}
