import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { RealWork } from '../../../harness/driver/real-work.js'

const later = <T>(value: T, ms = 20) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

test('settled() resolves once the tracked work has settled, whether it resolved or rejected', async () => {
  const work = new RealWork()
  assert.ok(work.idle)
  let answered = false
  let refused = false
  const answer = work.track(later('answer').then((value) => ((answered = true), value)), 'POST /id/v2')
  const failure = work.track(later(null, 30).then(() => ((refused = true), Promise.reject(new Error('refused')))), 'a connection')
  assert.not.ok(work.idle)
  await work.settled()
  assert.ok(answered && refused)
  assert.ok(work.idle)
  assert.is(await answer, 'answer')
  assert.is(await failure.catch((error: Error) => error.message), 'refused')
})

test('a wait on virtual time inside tracked work does not count: waiting for it would stop its clock', async () => {
  const work = new RealWork()
  let wake = () => {}
  const request = work.track(work.waitOnTime(new Promise<void>((resolve) => (wake = resolve))).then(() => later('answered')), 'GET /slow')
  assert.ok(work.idle, 'asleep on virtual time')
  await work.settled()
  wake()
  await turn()
  assert.not.ok(work.idle, 'awake, doing real work')
  await work.settled()
  assert.is(await request, 'answered')
})

test('settled() gives up only on a hang, naming the work still in flight', async () => {
  const work = new RealWork(30)
  void work.track(new Promise(() => {}), 'POST /id/v2')
  void work.track(new Promise(() => {}), 'POST /id/v2')
  void work.track(new Promise(() => {}), 'crypto.subtle.digest')
  try {
    await work.settled()
    assert.unreachable('a hang was waited for')
  } catch (error) {
    assert.is((error as Error).message, 'real work still in flight after 0.03 s: POST /id/v2, crypto.subtle.digest')
  }
})

test('until() takes turns until the check holds, and fails only once nothing is in flight and nothing changes', async () => {
  const work = new RealWork()
  let changes = 0
  let turns = 0
  // The page changes on each of the first 10 turns (a render, say).
  const renders = async () => {
    if (++turns <= 10) changes++
    await turn()
  }
  assert.is(await work.until(() => false, () => changes, renders, 3), false)
  assert.is(turns, 13, 'ten turns of changes, then three still ones')
  // Slow real work keeps it going too, however many turns that takes.
  let done = false
  void work.track(later(null, 50), 'crypto.subtle.sign').then(() => (done = true))
  assert.is(await work.until(() => done, () => changes, renders, 1), true)
  turns = 0
  assert.is(await work.until(() => true, () => changes, renders, 1), true)
  assert.is(turns, 0, 'a check that holds takes no turn')
})

test.run()
