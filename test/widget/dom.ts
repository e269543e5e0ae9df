/**
 * A happy-dom page for widget tests. The window's globals are installed only while a page is
 * open (uvu loads every test file into one process, so nothing may leak into other files), and
 * react-dom/client is imported after the first install, as it checks for a DOM when it loads.
 */
import { Window } from 'happy-dom'
import type { ReactNode } from 'react'
import { realWork } from '../identity/helpers.js'

type ReactDomClient = typeof import('react-dom/client')
let reactDomClient: ReactDomClient | undefined

export interface Page {
  readonly window: Window
  readonly document: Document
  /** The element the widget renders into. */
  readonly container: HTMLElement
  render(node: ReactNode): void
  close(): Promise<void>
}

function installGlobals(window: Window): () => void {
  const added: string[] = []
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis) continue
    Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: (window as unknown as Record<string, unknown>)[key] })
    added.push(key)
  }
  return () => {
    for (const key of added) delete (globalThis as Record<string, unknown>)[key]
  }
}

/**
 * react-dom decides once, when it loads, whether there is a DOM; loaded too early it falls back to
 * legacy event handling and misses input events. Fail loudly instead of testing that.
 */
async function loadReactDomClient(document: Document): Promise<ReactDomClient> {
  const client = await import('react-dom/client')
  const { createElement } = await import('react')
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = client.createRoot(container)
  let changed = false
  root.render(createElement('input', { value: '', onChange: () => (changed = true) }))
  await waitFor(() => container.querySelector('input') !== null)
  const input = container.querySelector('input')!
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!.call(input, 'x')
  input.dispatchEvent(new (document.defaultView as unknown as typeof globalThis).Event('input', { bubbles: true }))
  root.unmount()
  container.remove()
  if (!changed) {
    throw new Error('react-dom/client was loaded before the DOM globals existed; test files must import modules that load it (mount.tsx) dynamically, after openPage()')
  }
  return client
}

/** Changes to any open page's DOM: a wait goes on while the page keeps changing. */
let changes = 0

export async function openPage(url = 'http://localhost/'): Promise<Page> {
  const window = new Window({ url, settings: { disableJavaScriptEvaluation: true, disableCSSFileLoading: true } })
  const uninstall = installGlobals(window)
  new window.MutationObserver(() => void changes++).observe(window.document, { subtree: true, childList: true, attributes: true, characterData: true })
  reactDomClient ??= await loadReactDomClient(window.document as unknown as Document)
  const document = window.document as unknown as Document
  const container = document.createElement('main')
  document.body.appendChild(container)
  const root = reactDomClient.createRoot(container)
  let open = true
  return {
    window,
    document,
    container,
    render: (node) => root.render(node),
    async close() {
      if (!open) return
      open = false
      root.unmount()
      await window.happyDOM.abort()
      await window.happyDOM.close()
      uninstall()
    },
  }
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Let pending promise callbacks and React's scheduled work run (no timers): a render, its commit
 * and its effects can take a few macrotasks each.
 */
export async function flush(): Promise<void> {
  for (let round = 0; round < 5; round++) await tick()
}

const pageChanges = () => changes

/**
 * Waits for the real work in flight (WebCrypto, emulator answers) and lets the page render what
 * it brought: before the fake clock moves, so no deadline passes while an answer is on its way.
 */
export const settle = async (): Promise<void> => void (await realWork.until(() => false, pageChanges, flush, 1))

/**
 * Flush until `check` holds; fails with `describe()` (e.g. the screen's text) once nothing is left
 * to happen without the fake clock moving: no real work in flight and the page unchanged for a
 * few flushes. Real work is tracked, so a busy machine only makes this slower, never fail.
 */
export async function waitFor(check: () => boolean, describe: () => string = () => ''): Promise<void> {
  if (!(await realWork.until(check, pageChanges, flush, 4))) throw new Error(`waitFor: condition not met; ${describe()}`)
}
