/** Check-then-await-then-set races: every one-time thing is claimed before the first await. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { totpCode } from '../../src/emulator/index.js'
import { attest, BASE, call, email, emulator, idBody, ORG } from './helpers.js'

const pkce = { verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' }

async function authorizationCode(p: ReturnType<typeof emulator>, redirectUri = 'http://localhost:3000/callback'): Promise<string> {
  const query = new URLSearchParams({ redirect_uri: redirectUri, client_id: ORG, response_type: 'code', state: 's', scope: 'openid', code_challenge: pkce.challenge, code_challenge_method: 'S256' })
  const page = await (await p.fetch(new Request(`${BASE}/oauth2/authorize?${query}`))).text()
  const loginId = /name="login_id" value="([^"]+)"/.exec(page)![1]!
  const form = (fields: Record<string, string>) => p.fetch(new Request(`${BASE}/oauth2/authorize`, { method: 'POST', body: new URLSearchParams(fields) }))
  await form({ login_id: loginId, email: 'race@example.test' })
  const otp = p.lastMessage('race@example.test')!.otp!
  const back = await form({ login_id: loginId, email: 'race@example.test', otp })
  return new URL(back.headers.get('location')!).searchParams.get('code')!
}

test('one authorization code, ten concurrent /oauth2/tokens calls: exactly one token', async () => {
  const p = emulator()
  const code = await authorizationCode(p)
  const fields = { client_id: ORG, code, code_verifier: pkce.verifier, grant_type: 'authorization_code', redirect_uri: 'http://localhost:3000/callback' }
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => p.fetch(new Request(`${BASE}/oauth2/tokens`, { method: 'POST', body: new URLSearchParams(fields) }))),
  )
  assert.equal(answers.map((a) => a.status).sort(), [200, 400, 400, 400, 400, 400, 400, 400, 400, 400])
})

test('one TOTP code answered on two challenges at once signs in once', async () => {
  const now = Date.UTC(2026, 10, 22, 4, 0, 10)
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
  const p = emulator({ clock: { now: () => now }, fixture: { persons: [{ org: ORG, email: 'twin@example.test', totpSecret: secret }] } })
  const start = async () => (await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('twin@example.test'), 'totp') })).body.result[0]
  const [a, b] = [await start(), await start()]
  const code = await totpCode(secret, now / 1000)
  const answers = await Promise.all([attest(p, a, { otp: code }), attest(p, b, { otp: code })])
  assert.equal(answers.map((x) => x.status).sort(), [200, 401])
})

test('the simulated IdP page: two concurrent answers for one sign-in request, one wins and the other does not change it', async () => {
  const p = emulator()
  const [oidc, proxy] = (await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(undefined, 'oidc', { provider: 'google', client_id: 'x' }) })).body.result
  const post = (address: string) => p.fetch(new Request(oidc.options.auth_code_url, { method: 'POST', body: new URLSearchParams({ email: address }) }))
  const answers = await Promise.all([post('first@example.test'), post('second@example.test')])
  assert.equal(answers.map((a) => a.status).sort(), [200, 410])
  const token = (await call(p, 'GET', `/challenge/${proxy.options.challenge_id}/v2`)).body.result
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())
  const winner = answers[0]!.status === 200 ? 'first@example.test' : 'second@example.test'
  assert.equal(claims.authentications[0].handle, email(winner))
})

test.run()
