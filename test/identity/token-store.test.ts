import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Window } from 'happy-dom'
import { cookieExpiryDate, createCookieStorage, createSafeStorage, createTokenStorage } from '../../src/identity/token-store.js'
import type { StorageLike } from '../../src/identity/ports.js'
import { fakeClock, recordingLogger } from './helpers.js'

const NOW = Date.UTC(2026, 10, 22, 5, 0, 0)

test('cookie expiry units Y M D h m s', () => {
  const at = (expires: string) => cookieExpiryDate(expires, NOW).toISOString()
  assert.is(at('1Y'), '2027-11-22T05:00:00.000Z')
  assert.is(at('2M'), '2027-01-22T05:00:00.000Z')
  assert.is(at('10D'), '2026-12-02T05:00:00.000Z')
  assert.is(at('3h'), '2026-11-22T08:00:00.000Z')
  assert.is(at('90m'), '2026-11-22T06:30:00.000Z')
  assert.is(at('45s'), '2026-11-22T05:00:45.000Z')
  assert.throws(() => cookieExpiryDate('1w', NOW), /Invalid cookie expiry '1w'/)
})

test('cookie storage over a real document.cookie: default path /, expiry, removal', () => {
  const window = new Window({ url: 'https://docs.test/guide/' })
  const writes: string[] = []
  const jar = {
    get cookie() {
      return window.document.cookie
    },
    set cookie(value: string) {
      writes.push(value)
      window.document.cookie = value
    },
  }
  // happy-dom's jar drops cookies whose expiry is past by the real clock, so this clock is set far ahead.
  const { port } = fakeClock(Date.UTC(2096, 10, 22, 5, 0, 0))
  const storage = createCookieStorage(jar, { expires: '7D' }, port)
  storage.setItem('@slashid/USER_TOKEN/org-1', 'a.b.c')
  assert.is(writes[0], '%40slashid%2FUSER_TOKEN%2Forg-1=a.b.c; path=/; expires=Thu, 29 Nov 2096 05:00:00 GMT; SameSite=Lax')
  assert.is(storage.getItem('@slashid/USER_TOKEN/org-1'), 'a.b.c')
  assert.is(storage.getItem('@slashid/USER_TOKEN/org-2'), null)
  storage.removeItem('@slashid/USER_TOKEN/org-1')
  assert.is(storage.getItem('@slashid/USER_TOKEN/org-1'), null)
  window.happyDOM.close()
})

test('cookie attributes: domain, SameSite=None implies Secure', () => {
  const jar = { cookie: '' }
  const { port } = fakeClock(NOW)
  createCookieStorage(jar, { path: '/docs', domain: 'docs.test', sameSite: 'None' }, port).setItem('k', 'v w')
  assert.is(jar.cookie, 'k=v%20w; path=/docs; domain=docs.test; SameSite=None; Secure')
})

test('localStorage token storage uses the real storage', () => {
  const window = new Window({ url: 'https://docs.test/' })
  const { port } = fakeClock(NOW)
  const storage = createTokenStorage('localStorage', { path: '/' }, { localStorage: window.localStorage, document: undefined, clock: port, logger: recordingLogger().logger })
  storage.setItem('key', 'value')
  assert.is(window.localStorage.getItem('key'), 'value')
  window.happyDOM.close()
})

test('memory is the default and keeps nothing outside', () => {
  const { port } = fakeClock(NOW)
  const local = { getItem: () => null, setItem: () => assert.unreachable('touched localStorage'), removeItem: () => {} }
  const storage = createTokenStorage('memory', { path: '/' }, { localStorage: local, document: undefined, clock: port, logger: recordingLogger().logger })
  storage.setItem('k', 'v')
  assert.is(storage.getItem('k'), 'v')
})

test('a storage that throws on the probe falls back to memory with one warning', () => {
  const { logger, warnings } = recordingLogger()
  const blocked: StorageLike = {
    getItem: () => null,
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    },
    removeItem: () => {},
  }
  const storage = createSafeStorage(blocked, 'localStorage', logger)
  storage.setItem('a', '1')
  storage.setItem('b', '2')
  assert.is(storage.getItem('a'), '1')
  assert.equal(warnings, ['localStorage is not available (The quota has been exceeded.); keeping data in memory for this session'])
})

test('a storage that starts throwing later falls back once; an absent one too', () => {
  const { logger, warnings } = recordingLogger()
  let broken = false
  const items = new Map<string, string>()
  const flaky: StorageLike = {
    getItem: (k) => {
      if (broken) throw new Error('SecurityError')
      return items.get(k) ?? null
    },
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  }
  const storage = createSafeStorage(flaky, 'localStorage', logger)
  broken = true
  assert.is(storage.getItem('x'), null)
  storage.setItem('x', '1')
  assert.is(storage.getItem('x'), '1')
  assert.is(warnings.length, 1)
  const none = createSafeStorage(undefined, 'sessionStorage', logger)
  none.setItem('y', '2')
  assert.is(none.getItem('y'), '2')
  assert.is(warnings[1], 'sessionStorage is not available (not present); keeping data in memory for this session')
})

test('cookie storage without a document falls back to memory', () => {
  const { logger, warnings } = recordingLogger()
  const { port } = fakeClock(NOW)
  const storage = createTokenStorage('cookie', { path: '/' }, { localStorage: undefined, document: undefined, clock: port, logger })
  storage.setItem('k', 'v')
  assert.is(storage.getItem('k'), 'v')
  assert.is(warnings.length, 1)
})

test('a malformed cookie (set by a sibling site, say) reads as absent; the cookie storage stays in use', () => {
  const { port } = fakeClock()
  const { logger, warnings } = recordingLogger()
  let cookies = 'other=%E0%A4%A; %40slashid%2FUSER_TOKEN%2Forg-test=%E0%A4%A'
  const jar = {
    get cookie() {
      return cookies
    },
    set cookie(value: string) {
      const [pair] = value.split(';')
      cookies = `${cookies}; ${pair}`
    },
  }
  const storage = createTokenStorage('cookie', { path: '/' }, { localStorage: undefined, document: jar, clock: port, logger })
  assert.is(storage.getItem('@slashid/USER_TOKEN/org-test'), null)
  storage.setItem('k', 'v')
  assert.match(cookies, '; k=v')
  assert.equal(warnings, [])
})

test.run()
