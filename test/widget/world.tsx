/**
 * The login widget against the provider emulator, in-process: one fake clock drives the SDK's
 * timers, the widget's countdowns and the emulator's notion of now; the SDK's fetch is the
 * emulator's handler; the person's side (mailbox, links, authenticator) goes through the
 * emulator's test endpoints.
 */
import type { ReactElement } from 'react'
import { createProviderEmulator, type EmulatorFixture } from '../../src/emulator/index.js'
import { createIdentityClient, type IdentityClient, type IdentityOptions, type Ports } from '../../src/identity/index.js'
import { LoginForm, type LoginFormProps } from '../../src/widget/LoginForm.js'
import { plainHasher } from '../emulator/helpers.js'
import { fakeClock, memoryStorage, nodeCrypto, realWork, recordingLogger } from '../identity/helpers.js'
import { flush, openPage, settle, waitFor } from './dom.js'
import { typeInto as type } from '../../harness/driver/dom-actions.js'
import { getByLabel, heading, queryByLabel, screenText } from './queries.js'

export const PROVIDER = 'http://provider.test'

let counter = 0
/** A fresh e-mail address per call, so persons never collide. */
export const freshEmail = (name = 'ada') => `${name}+${++counter}${Math.random().toString(36).slice(2, 6)}@example.test`
/** A fresh US national number (10 digits). */
export const freshPhone = () => `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

export interface WorldOptions {
  readonly fixture?: EmulatorFixture
  readonly client?: IdentityOptions
  readonly ports?: Ports
}

export async function openWorld({ fixture, client: clientOptions = {}, ports = {} }: WorldOptions = {}) {
  const { clock, port } = fakeClock()
  const emulator = createProviderEmulator({
    baseURL: PROVIDER,
    hasher: plainHasher,
    clock: { now: () => clock.now, sleep: (ms) => realWork.waitOnTime(new Promise<void>((resolve) => void clock.setTimeout(() => resolve(), ms))) },
    ...(fixture ? { fixture } : {}),
  })
  const calls: string[] = []
  const fetch = (input: string, init?: RequestInit) => {
    const request = new Request(input, init)
    calls.push(`${request.method} ${new URL(request.url).pathname}`)
    return realWork.track(emulator.fetch(request), `${request.method} ${request.url}`)
  }
  const storage = memoryStorage()
  const log = recordingLogger()
  const client: IdentityClient = createIdentityClient(
    { oid: 'org-docs', baseURL: PROVIDER, analyticsEnabled: false, ...clientOptions },
    { fetch, clock: port, crypto: nodeCrypto, localStorage: memoryStorage(), sessionStorage: memoryStorage(), logger: log.logger, ...ports },
  )
  const page = await openPage()
  const root = page.container
  const describe = () => `screen: ${screenText(root)}`

  return {
    page,
    root,
    clock,
    clockPort: port,
    emulator,
    client,
    calls,
    storage,
    log,
    /** Render a widget element (LoginForm by default) with the world's clock and storage. */
    async render(element?: ReactElement, props: Partial<LoginFormProps> = {}) {
      page.render(element ?? <LoginForm client={client} ports={{ clock: port, storage }} {...props} />)
      await waitFor(() => root.querySelector('h2') !== null, describe)
      await flush() // effects (focus) run after the paint
    },
    /** Flush until `check` holds (real async work: the emulator, WebCrypto). */
    until: (check: () => boolean) => waitFor(check, describe),
    /** Wait for the screen title to be exactly `title`. */
    async title(title: string) {
      await waitFor(() => root.querySelector('h2') !== null && heading(root) === title, () => `wanted the title ${JSON.stringify(title)}; ${describe()}`)
    },
    /** Move the fake clock forward in small steps, each once the real async work in flight is done. */
    async advance(ms: number) {
      for (let done = 0; done < ms; done += 250) {
        await settle()
        await clock.tickAsync(Math.min(250, ms - done))
      }
      await settle()
    },
    /** Move the fake clock forward until `check` holds (at most `limitMs`): for waits that start asynchronously. */
    async advanceUntil(check: () => boolean, limitMs = 60_000) {
      for (let waited = 0; ; waited += 250) {
        await settle()
        if (check()) return
        if (waited >= limitMs) throw new Error(`not met within ${limitMs} ms of fake time; ${describe()}`)
        await clock.tickAsync(250)
      }
    },
    /** Type a code into the code boxes once they are shown (and ready for input). */
    async enterCode(code: string) {
      await waitFor(() => queryByLabel(root, 'Digit 1 of 6') !== undefined, describe)
      await flush()
      type(getByLabel(root, 'Digit 1 of 6'), code)
    },
    async lastMessage(handle: string) {
      await waitFor(() => emulator.lastMessage(handle) !== undefined, () => `no message to ${handle}; ${describe()}`)
      return emulator.lastMessage(handle)!
    },
    close: () => page.close(),
  }
}

export type World = Awaited<ReturnType<typeof openWorld>>
