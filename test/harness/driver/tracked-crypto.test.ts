import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { webcrypto } from 'node:crypto'
import { RealWork } from '../../../harness/driver/real-work.js'
import { trackedCrypto } from '../../../harness/driver/tracked-crypto.js'

test('every subtle call is tracked until it settles; the rest of the object works as before', async () => {
  const work = new RealWork()
  const crypto = trackedCrypto(webcrypto, work)
  const digest = crypto.subtle.digest('SHA-256', new TextEncoder().encode('abc'))
  assert.not.ok(work.idle, 'the digest runs on the thread pool')
  await work.settled()
  assert.is(Buffer.from(await digest).toString('hex'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  assert.ok(work.idle)
  assert.is(crypto.getRandomValues(new Uint8Array(8)).length, 8)
  assert.match(crypto.randomUUID(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
})

test('a failing subtle call rejects as before and stops counting', async () => {
  const work = new RealWork()
  const crypto = trackedCrypto(webcrypto, work)
  const failed = crypto.subtle.digest('NOT-A-HASH', new Uint8Array(1)).then(
    () => 'resolved',
    (error: Error) => error.name,
  )
  await work.settled()
  assert.is(await failed, 'NotSupportedError')
  assert.ok(work.idle)
})

test.run()
