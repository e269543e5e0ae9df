/** Hostile sign-in links against the emulator in-process: login CSRF must not sign a victim in. */

import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { textToBase64url } from '../../src/identity/encoding.js'
import { memoryStorage, prompted, rejection } from '../identity/helpers.js'
import { ada, world } from './helpers.js'

const NOT_REQUESTED =
  'This sign-in link was not requested from this browser: open it in the browser where you asked for it, or ask for a new link here'

/** The attacker, in their own browser, asks for a link to their own account. */
async function attackersLink(w: ReturnType<typeof world>) {
  const attacker = w.client({}, { localStorage: memoryStorage(), sessionStorage: memoryStorage() })
  const mallory = ada()
  const flow = attacker.identify(mallory, { method: 'email_link' })
  const waiting = await prompted(flow, 'waiting')
  return { flow, mallory, link: (await w.lastMessage(mallory.value)).link as string, proxyId: waiting.prompt!.challengeId }
}

test("the attacker's proxy challenge in a crafted link: the victim's start() signs nobody in", async () => {
  const w = world()
  const { flow, proxyId } = await attackersLink(w)
  const crafted = `https://docs.test/docs/?challenges=${textToBase64url(JSON.stringify([{ id: proxyId, type: 'proxy', options: { challenge_id: proxyId } }]))}`
  const victim = w.client({}, { window: { location: { href: crafted, assign: () => {} } } })
  const polls = w.calls('GET', `/challenge/${proxyId}/v2`).length
  assert.is(await victim.start(), undefined)
  assert.is(victim.user, undefined)
  assert.is(w.calls('GET', `/challenge/${proxyId}/v2`).length, polls)
  flow.cancel()
})

test("the attacker's own e-mailed link: refused in a browser that asked for none, and in one that asked for another person", async () => {
  const w = world()
  w.emulator.upsertOrganization({ id: 'org-docs', policy: { linkStyle: 'challenges', landingURL: 'https://docs.test/docs/' } })
  const { flow, link } = await attackersLink(w)
  const attestations = w.calls('POST', '/attestation/v3').length
  assert.is((await rejection(w.client().getUserFromURL(link))).message, NOT_REQUESTED)
  assert.is(w.calls('POST', '/attestation/v3').length, attestations)

  // The victim waits for a link of their own in another tab, then opens the attacker's.
  const victimFlow = w.client().identify(ada(), { method: 'email_link' })
  await prompted(victimFlow, 'waiting')
  const landing = w.client({ tokenStorage: 'localStorage' })
  const error = await rejection(landing.getUserFromURL(link))
  assert.is(error.message, 'This sign-in link is for another person than the one this browser asked a link for')
  assert.is(landing.user, undefined)
  assert.equal(Object.keys(w.local.dump()).filter((key) => key.startsWith('@slashid/USER_TOKEN')), [])
  // The session that click made was revoked, so the token the attacker's tab polls is worthless.
  await w.clock.tickAsync(1000)
  const attackersToken = (await flow.done()).token
  assert.is((await landing.validateToken(attackersToken)).valid, false)
  victimFlow.cancel()
})

test.run()
