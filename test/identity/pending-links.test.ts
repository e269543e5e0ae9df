import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPendingLinks, findPendingLink } from '../../src/identity/pending-links.js'
import { createUser } from '../../src/identity/user.js'
import { fakeClock, makeToken, memoryStorage, nodeCrypto } from './helpers.js'

const EMAIL = { type: 'email_address', value: 'Ada@Example.test' } as const
const KEY = '@slashid/PENDING_LINKS/org-test'

function links() {
  const storage = memoryStorage()
  const { clock, port } = fakeClock()
  return { storage, clock, store: createPendingLinks(storage, KEY, port, nodeCrypto) }
}

test('a record lives until it is forgotten or expires; no challenge id is stored', () => {
  const { storage, clock, store } = links()
  const forget = store.expect({ method: 'email_link', handle: EMAIL, personId: undefined, expiresAt: clock.now + 1000 })
  assert.equal(store.pending().map((link) => link.handle), [EMAIL])
  assert.equal(Object.keys(JSON.parse(storage.getItem(KEY)!)[0]).sort(), ['expiresAt', 'handle', 'id', 'method'])
  forget()
  assert.equal(store.pending(), [])
  assert.is(storage.getItem(KEY), null)
  store.expect({ method: 'sms_link', handle: undefined, personId: 'pid_1', expiresAt: clock.now + 1000 })
  clock.tick(1000)
  assert.equal(store.pending(), [])
})

test('stored data is hostile input: malformed records are dropped, the list is capped at 16', () => {
  const { storage, clock, store } = links()
  for (const junk of ['not json', '{"a":1}', 'null']) {
    storage.setItem(KEY, junk)
    assert.equal(store.pending(), [], junk)
  }
  const good = { id: 'g', method: 'email_link', handle: EMAIL, expiresAt: clock.now + 1000 }
  storage.setItem(KEY, JSON.stringify([
    null,
    { ...good, method: 'oidc' },
    { ...good, expiresAt: 'later' },
    { ...good, handle: 'ada' },
    { ...good, personId: 7 },
    { id: 'x', method: 'email_link', expiresAt: clock.now + 1000 },
    good,
  ]))
  assert.equal(store.pending().map((link) => link.id), ['g'])
  for (let i = 0; i < 20; i++) store.expect({ method: 'email_link', handle: EMAIL, personId: undefined, expiresAt: clock.now + 1000 })
  assert.is(JSON.parse(storage.getItem(KEY)!).length, 16)
})

test('a token answers a record with the same method and handle (e-mail without case), or the same person', () => {
  const { clock, store } = links()
  store.expect({ method: 'email_link', handle: EMAIL, personId: undefined, expiresAt: clock.now + 1000 })
  store.expect({ method: 'sms_link', handle: undefined, personId: 'pid_9', expiresAt: clock.now + 1000 })
  const pending = store.pending()
  const user = (claims: Record<string, unknown>) => createUser(makeToken(claims))
  assert.is(findPendingLink(pending, user({ authentications: [{ handle: { type: 'email_address', value: 'ada@example.TEST' }, method: 'email_link' }] }))?.method, 'email_link')
  assert.is(findPendingLink(pending, user({ authentications: [{ handle: { type: 'email_address', value: 'eve@example.test' }, method: 'email_link' }] })), undefined)
  assert.is(findPendingLink(pending, user({ authentications: [{ handle: EMAIL, method: 'otp_via_email' }] })), undefined)
  assert.is(findPendingLink(pending, user({ authentications: [] })), undefined)
  assert.is(findPendingLink(pending, user({ person_id: 'pid_9', authentications: [{ method: 'sms_link' }] }))?.method, 'sms_link')
  assert.is(findPendingLink(pending, user({ person_id: 'pid_8', authentications: [{ method: 'sms_link' }] })), undefined)
})

test.run()
