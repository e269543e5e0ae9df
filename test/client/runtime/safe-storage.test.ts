import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createSafeStorage, STORAGE_WARNING, warnOnce } from '../../../src/client/runtime/safe-storage.js'

function memoryStorage(): Storage {
  const values = new Map<string, string>()
  return {
    get length() {
      return values.size
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  }
}

test('storage that works: values are kept, read back and removed', () => {
  const warnings: string[] = []
  const storage = createSafeStorage(() => memoryStorage(), warnOnce((message) => warnings.push(message)))
  assert.is(storage.get('theme'), null)
  storage.set('theme', 'dark')
  assert.is(storage.get('theme'), 'dark')
  storage.remove('theme')
  assert.is(storage.get('theme'), null)
  assert.equal(warnings, [])
})

test('storage that refuses (a getter that throws, or no storage at all): one warning for the page, then empty', () => {
  const warnings: string[] = []
  const unavailable = warnOnce((message) => warnings.push(message))
  const local = createSafeStorage(() => {
    throw new Error('SecurityError')
  }, unavailable)
  const session = createSafeStorage(() => undefined, unavailable)
  local.set('theme', 'dark')
  assert.is(local.get('theme'), null)
  session.set('docsgen.sidebar', '{}')
  assert.is(session.get('docsgen.sidebar'), null)
  local.remove('theme')
  assert.equal(warnings, [STORAGE_WARNING])
})

test('storage that fails later (full, or revoked): treated as empty from then on, still one warning', () => {
  const warnings: string[] = []
  const full = memoryStorage()
  full.setItem = () => {
    throw new Error('QuotaExceededError')
  }
  const storage = createSafeStorage(() => full, warnOnce((message) => warnings.push(message)))
  storage.set('theme', 'dark')
  storage.set('theme', 'light')
  assert.is(storage.get('theme'), null)
  assert.is(warnings.length, 1)
})

test.run()
