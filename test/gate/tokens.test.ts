/**
 * The gate's token checks, over Request/Response, with tokens the provider emulator minted (and,
 * for claims it never mints, tokens of a provider of the test's own). Every refusal is checked
 * to carry no byte of a private page.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SignJWT } from 'jose'
import { MARKERS, ask, emulatorWorld, signerWorld, type Answer } from './gate-world.js'

const NOTICE = '/_docsgen/gate/page/docs/Private/notice'
const MEMBERS = '/_docsgen/gate/page/docs/Members/welcome'

// RFC 7519 §6.1 and RFC 7515 Appendix A.1.
const ALG_NONE = 'eyJhbGciOiJub25lIn0.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.'
const HS256 =
  'eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'

function refused(answer: Answer, status: number, reason?: string) {
  assert.is(answer.status, status)
  assert.is(answer.body, '')
  for (const marker of MARKERS) assert.not.ok(answer.body.includes(marker))
  assert.is(answer.headers.get('cache-control'), 'private, no-store')
  assert.is(answer.headers.get('vary'), 'Authorization')
  if (reason !== undefined) assert.is(answer.headers.get('www-authenticate'), `Bearer realm="docsgen", error="invalid_token", error_description="${reason}"`)
}

function bodyOf(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.')
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
  change(claims)
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`
}

test('a valid token of a reader in the group reads the page; the answer is private to that request', async () => {
  const world = await emulatorWorld()
  const token = await world.signIn('admin@example.test', ['admins'])
  const answer = await ask(world.gate, NOTICE, { token })
  assert.is(answer.status, 200)
  assert.is(answer.body, '{"format":1,"path":"/docs/Private/notice","html":"<p>SECRET-NOTICE-BODY</p>"}\n')
  assert.is(answer.headers.get('content-type'), 'application/json; charset=utf-8')
  assert.is(answer.headers.get('cache-control'), 'private, no-store')
  assert.is(answer.headers.get('vary'), 'Authorization')
  assert.is(answer.headers.get('x-content-type-options'), 'nosniff')
  assert.equal(world.problems, [])
})

test('no token, a cookie instead of the header, another scheme or two tokens: 401', async () => {
  const world = await emulatorWorld()
  const token = await world.signIn('admin@example.test', ['admins'])
  const none = await ask(world.gate, NOTICE)
  refused(none, 401)
  assert.is(none.headers.get('www-authenticate'), 'Bearer realm="docsgen", error="invalid_token", error_description="no token"')
  refused(await ask(world.gate, NOTICE, { headers: { Cookie: `MY_USER_TOKEN=${token}` } }), 401, 'no token')
  refused(await ask(world.gate, NOTICE, { headers: { Authorization: `Basic ${btoa('admin:x')}` } }), 401, 'malformed authorization header')
  refused(await ask(world.gate, NOTICE, { headers: { Authorization: `Bearer ${token}, Bearer ${token}` } }), 401, 'malformed authorization header')
  assert.is((await ask(world.gate, NOTICE, { headers: { Authorization: `bearer  ${token}` } })).status, 200, 'the scheme is case-insensitive (RFC 7235)')
})

test('a payload changed after signing is refused (groups added to a reader without any)', async () => {
  const world = await emulatorWorld()
  const token = await world.signIn('reader@example.test')
  refused(await ask(world.gate, NOTICE, { token: bodyOf(token, (claims) => (claims.groups = ['admins'])) }), 401, 'bad signature')
  assert.is((await ask(world.gate, NOTICE, { token })).status, 403)
})

test('an expired token is refused', async () => {
  const world = await emulatorWorld()
  const token = await world.signIn('admin@example.test', ['admins'])
  world.provider.advanceClock(3599_000)
  assert.is((await ask(world.gate, NOTICE, { token })).status, 200)
  world.provider.advanceClock(32_000)
  refused(await ask(world.gate, NOTICE, { token }), 401, 'expired')
})

test('exp and nbf have a leeway of 30 s, not more', async () => {
  const world = await signerWorld()
  const now = Math.floor(Date.UTC(2026, 10, 22, 3, 0, 0) / 1000)
  assert.is((await ask(world.gate, NOTICE, { token: await world.sign({ exp: now - 29 }) })).status, 200)
  refused(await ask(world.gate, NOTICE, { token: await world.sign({ exp: now - 31 }) }), 401, 'expired')
  assert.is((await ask(world.gate, NOTICE, { token: await world.sign({ nbf: now + 29 }) })).status, 200)
  refused(await ask(world.gate, NOTICE, { token: await world.sign({ nbf: now + 31 }) }), 401, 'nbf refused')
})

test('alg none and a correctly signed HS256 token (RFC vectors) are refused for their algorithm, before any key is fetched', async () => {
  const world = await emulatorWorld()
  refused(await ask(world.gate, NOTICE, { token: `${ALG_NONE}AA` }), 401, 'algorithm not allowed')
  refused(await ask(world.gate, NOTICE, { token: ALG_NONE }), 401, 'not a signed JWT')
  refused(await ask(world.gate, NOTICE, { token: HS256 }), 401, 'algorithm not allowed')
  assert.equal(world.calls.calls, [])
})

test('HS256 signed with the provider’s public key as the secret (algorithm confusion) is refused', async () => {
  const world = await emulatorWorld()
  const admin = await world.signIn('admin@example.test', ['admins'])
  const { keys } = await world.provider.jwks()
  const secret = new TextEncoder().encode(JSON.stringify(keys[0]))
  const claims = JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString())
  const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: keys[0]!.kid as string }).sign(secret)
  refused(await ask(world.gate, NOTICE, { token: forged }), 401, 'algorithm not allowed')
})

test('a token of another organization is 403; an anonymous person is not signed in (401)', async () => {
  const world = await emulatorWorld()
  const other = await world.signIn('admin@example.test', ['admins'], 'org-other')
  const answer = await ask(world.gate, NOTICE, { token: other })
  assert.is(answer.status, 403)
  assert.is(answer.body, '')
  assert.is(answer.headers.get('www-authenticate'), 'Bearer realm="docsgen", error="insufficient_scope"')
  refused(await ask(world.gate, MEMBERS, { token: await world.anonymous() }), 401, 'anonymous')
})

test('groups: a reader without the group, with a case variant of it, or with only some of the groups gets 403; any signed-in reader reads a page that needs none', async () => {
  const world = await emulatorWorld()
  const reader = await world.signIn('reader@example.test')
  const variant = await world.signIn('variant@example.test', ['Admins', 'admins '])
  for (const token of [reader, variant]) {
    const answer = await ask(world.gate, NOTICE, { token })
    assert.is(answer.status, 403)
    assert.is(answer.body, '')
  }
  assert.is((await ask(world.gate, MEMBERS, { token: reader })).status, 200)
})

test('groups come from the verified claim only, a list of texts, by groups_claim_name when named', async () => {
  const world = await signerWorld()
  assert.is((await ask(world.gate, NOTICE, { token: await world.sign() })).status, 200, 'the control token reads the page')
  refused(await ask(world.gate, NOTICE, { token: await world.sign({ groups: 'admins' }) }), 401, 'groups claim is not a list of texts')
  refused(await ask(world.gate, NOTICE, { token: await world.sign({ groups: ['admins', 7] }) }), 401, 'groups claim is not a list of texts')
  refused(await ask(world.gate, NOTICE, { token: await world.sign({ groups_claim_name: 3 }) }), 401, 'groups claim name is not a text')
  assert.is((await ask(world.gate, NOTICE, { token: await world.sign({ groups: undefined, roles: ['admins'], groups_claim_name: 'roles' }) })).status, 200)
  assert.is((await ask(world.gate, NOTICE, { token: await world.sign({ groups: ['admins'], groups_claim_name: 'roles' }) })).status, 403, 'the named claim, not "groups"')
  assert.is((await ask(world.gate, NOTICE, { token: await world.sign({ groups: undefined }) })).status, 403, 'no claim: no groups')
  assert.is((await ask(world.gate, NOTICE, { token: await world.sign({ groups_claim_name: 'toString' }) })).status, 403, 'only a claim of the token itself')
  assert.is((await ask(world.gate, MEMBERS, { token: await world.sign({ groups: undefined }) })).status, 200)
})

test('exp is required and a number, iss must be the provider, oid must be a text', async () => {
  const world = await signerWorld()
  const now = Math.floor(Date.UTC(2026, 10, 22, 3, 0, 0) / 1000)
  refused(await ask(world.gate, NOTICE, { token: await world.sign({ exp: undefined }) }), 401, 'exp refused')
  refused(await ask(world.gate, NOTICE, { token: await world.sign({ exp: String(now + 60) }) }), 401, 'exp refused')
  refused(await ask(world.gate, NOTICE, { token: await world.sign({ iss: 'https://evil.test' }) }), 401, 'iss refused')
  refused(await ask(world.gate, NOTICE, { token: await world.sign({ oid: undefined }) }), 401, 'no organization')
})

test('a revoked token is refused at once; the provider’s answer for a valid token is reused for a short while only', async () => {
  const world = await emulatorWorld()
  const token = await world.signIn('admin@example.test', ['admins'])
  assert.is((await ask(world.gate, NOTICE, { token })).status, 200)
  assert.is((await ask(world.gate, NOTICE, { token })).status, 200)
  assert.is(world.calls.count('/token/validate'), 1)
  await world.revoke(token)
  assert.is((await ask(world.gate, NOTICE, { token })).status, 200, 'still inside the 10 s the valid answer is kept')
  world.provider.advanceClock(10_000)
  refused(await ask(world.gate, NOTICE, { token }), 401, 'revoked')
  refused(await ask(world.gate, NOTICE, { token }), 401, 'revoked')
  assert.is(world.calls.count('/token/validate'), 2, 'a refusal is kept until the token expires')

  const fresh = await world.signIn('admin2@example.test', ['admins'])
  await world.revoke(fresh)
  refused(await ask(world.gate, NOTICE, { token: fresh }), 401, 'revoked')
})

test('concurrent requests with one token ask the provider once', async () => {
  const world = await emulatorWorld()
  const token = await world.signIn('admin@example.test', ['admins'])
  const answers = await Promise.all(Array.from({ length: 5 }, () => ask(world.gate, NOTICE, { token })))
  assert.equal(answers.map((answer) => answer.status), [200, 200, 200, 200, 200])
  assert.is(world.calls.count('/token/validate'), 1)
  assert.is(world.calls.count('/.well-known/jwks.json'), 1)
})

test('the provider unreachable or answering nonsense: 503, never the page, and never a sign-out (not 401)', async () => {
  const world = await emulatorWorld()
  const token = await world.signIn('admin@example.test', ['admins'])
  world.provider.addFault({ path: '/token/validate', status: 500, times: 1 })
  const answer = await ask(world.gate, NOTICE, { token })
  assert.is(answer.status, 503)
  assert.is(answer.body, '')
  assert.is(answer.headers.get('retry-after'), '5')
  assert.equal(world.problems, [`could not ask http://127.0.0.1:8787/token/validate whether a token is still valid: HTTP 500`])
  assert.is((await ask(world.gate, NOTICE, { token })).status, 200, 'a failure is not remembered')

  let jwk: unknown
  const nonsense = await signerWorld({
    fetch: async (request) => (new URL(request.url).pathname.endsWith('jwks.json') ? Response.json({ keys: [jwk] }) : Response.json({ result: 'yes' })),
  })
  jwk = nonsense.jwk
  const answer2 = await ask(nonsense.gate, NOTICE, { token: await nonsense.sign() })
  assert.is(answer2.status, 503, 'a validation answer without result.valid')
  assert.is(answer2.body, '')
})

test('a provider answer without end (the JWKS or /token/validate) is dropped after a bounded read, one that never comes at the time limit: 503, no hang, whatever the fetch does with its signal', async () => {
  let pulled = 0
  const endless = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 16 * 1024
          controller.enqueue(new TextEncoder().encode(' '.repeat(16 * 1024)))
        },
      }),
      { headers: { 'Content-Type': 'application/json' } },
    )
  const problems: string[] = []
  let jwk: unknown
  let endlessKeys = true
  const signer = await signerWorld({
    onProblem: (message) => problems.push(message),
    // A fetch of a platform that does not abort a body on the request's signal.
    fetch: async (request) => {
      if (new URL(request.url).pathname.endsWith('jwks.json')) return endlessKeys ? endless() : Response.json({ keys: [jwk] })
      return endless()
    },
  })
  jwk = signer.jwk
  const answer = await ask(signer.gate, NOTICE, { token: await signer.sign() })
  assert.is(answer.status, 503)
  assert.ok(pulled <= 512 * 1024, `read ${pulled} bytes of the keys`)
  endlessKeys = false
  signer.advance(30_000)
  pulled = 0
  const validated = await ask(signer.gate, NOTICE, { token: await signer.sign() })
  assert.is(validated.status, 503)
  assert.ok(pulled <= 128 * 1024, `read ${pulled} bytes of the validation answer`)
  assert.equal(problems, [
    "could not read the provider's keys from https://provider.test/.well-known/jwks.json: the answer is larger than 262144 bytes",
    'could not ask https://provider.test/token/validate whether a token is still valid: the answer is larger than 65536 bytes',
  ])

  // Never answered, or a body that stops: the time limit ends the wait.
  const silent: string[] = []
  let keysAnswered = false
  const stalled = await signerWorld({
    timeoutMs: 50,
    onProblem: (message) => silent.push(message),
    fetch: async (request) => {
      if (!new URL(request.url).pathname.endsWith('jwks.json')) return new Response(new ReadableStream({ pull: () => new Promise(() => {}) }))
      return keysAnswered ? Response.json({ keys: [stalled.jwk] }) : new Promise<Response>(() => {})
    },
  })
  // AbortSignal.timeout's timer does not keep Node alive; a server's socket would.
  const alive = setInterval(() => {}, 1000)
  try {
    assert.is((await ask(stalled.gate, NOTICE, { token: await stalled.sign() })).status, 503)
    keysAnswered = true
    stalled.advance(30_000)
    assert.is((await ask(stalled.gate, NOTICE, { token: await stalled.sign() })).status, 503)
  } finally {
    clearInterval(alive)
  }
  assert.equal(silent, [
    "could not read the provider's keys from https://provider.test/.well-known/jwks.json: no answer within the time limit",
    'could not ask https://provider.test/token/validate whether a token is still valid: no answer within the time limit',
  ])
})

test('2-segment tokens, tokens of 100 kB and tokens that are not base64url are refused before any work', async () => {
  const world = await emulatorWorld()
  const token = await world.signIn('admin@example.test', ['admins'])
  const calls = world.calls.calls.length
  refused(await ask(world.gate, NOTICE, { token: token.split('.').slice(0, 2).join('.') }), 401, 'not a signed JWT')
  refused(await ask(world.gate, NOTICE, { token: `${token}.${token.split('.')[2]}` }), 401, 'not a signed JWT')
  refused(await ask(world.gate, NOTICE, { token: token.replace('.', '.=') }), 401, 'malformed authorization header')
  refused(await ask(world.gate, NOTICE, { token: `e30.${'A'.repeat(100_000)}.${token.split('.')[2]}` }), 401, 'token too large')
  refused(await ask(world.gate, NOTICE, { token: `W10.${token.split('.')[1]}.${token.split('.')[2]}` }), 401, 'not a signed JWT')
  refused(await ask(world.gate, NOTICE, { token: `bm90IGpzb24.${token.split('.')[1]}.${token.split('.')[2]}` }), 401, 'not a signed JWT')
  assert.is(world.calls.calls.length, calls)

  const signer = await signerWorld()
  refused(await ask(signer.gate, NOTICE, { token: await signer.sign({ filler: 'x'.repeat(100_000) }) }), 401, 'token too large')
})

test('a kid the JWKS lacks is refused; a flood of made-up kids fetches the JWKS at most once per cooldown', async () => {
  const world = await signerWorld()
  assert.is((await ask(world.gate, NOTICE, { token: await world.sign() })).status, 200)
  for (let index = 0; index < 50; index += 1) refused(await ask(world.gate, NOTICE, { token: await world.sign({}, { kid: `made-up-${index}` }) }), 401, 'unknown key')
  assert.is(world.calls.count('/.well-known/jwks.json'), 1, 'inside the cooldown of the first fetch')
  world.advance(30_000)
  for (let index = 0; index < 10; index += 1) refused(await ask(world.gate, NOTICE, { token: await world.sign({}, { kid: `later-${index}` }) }), 401, 'unknown key')
  assert.is(world.calls.count('/.well-known/jwks.json'), 2, 'one fetch for the first unknown kid after the cooldown')
  refused(await ask(world.gate, NOTICE, { token: await world.sign({}, { kid: undefined }) }), 401, 'no key id')
  refused(await ask(world.gate, NOTICE, { token: await world.sign({}, { kid: '' }) }), 401, 'no key id')
})

test('the JWKS: unusable keys skipped, at most maxKeys kept, a key for another algorithm unused, fetched again after its TTL, used stale while the provider is down', async () => {
  let keys: unknown[] = []
  let down = false
  const signer = await signerWorld({
    maxKeys: 3,
    fetch: async (request) => {
      if (!new URL(request.url).pathname.endsWith('jwks.json')) return Response.json({ result: { valid: true } })
      if (down) throw new TypeError('fetch failed')
      return Response.json({ keys })
    },
  })
  const jwk = signer.jwk
  const unusable = [{ kty: 'oct', k: 'c2VjcmV0', kid: 'test-key' }, { ...jwk, use: 'enc' }, { ...jwk, d: 'private' }, { ...jwk, alg: 'HS256' }, { ...jwk, kid: '' }, 'key']
  const filler = Array.from({ length: 3 }, (_, index) => ({ ...jwk, kid: `filler-${index}` }))
  keys = [...unusable, ...filler, jwk]
  refused(await ask(signer.gate, NOTICE, { token: await signer.sign() }), 401, 'unknown key')
  keys = [...unusable, jwk]
  signer.advance(30_000)
  assert.is((await ask(signer.gate, NOTICE, { token: await signer.sign() })).status, 200)
  keys = [{ ...jwk, alg: 'RS256' }]
  signer.advance(10 * 60_000)
  refused(await ask(signer.gate, NOTICE, { token: await signer.sign() }), 401, 'unknown key')
  keys = [jwk]
  signer.advance(10 * 60_000)
  assert.is((await ask(signer.gate, NOTICE, { token: await signer.sign() })).status, 200)
  down = true
  signer.advance(10 * 60_000)
  assert.is((await ask(signer.gate, NOTICE, { token: await signer.sign() })).status, 200, 'stale keys while the provider is down')
})

test('no JWKS was ever read: 503 (the gate cannot decide), then the page once the provider answers', async () => {
  let down = true
  const problems: string[] = []
  const signer = await signerWorld({
    onProblem: (message) => problems.push(message),
    fetch: async (request) => {
      if (down) return new Response('<html>bad gateway</html>', { status: 502 })
      const path = new URL(request.url).pathname
      return path.endsWith('jwks.json') ? Response.json({ keys: [jwk] }) : Response.json({ result: { valid: true } })
    },
  })
  const jwk = signer.jwk
  const answer = await ask(signer.gate, NOTICE, { token: await signer.sign() })
  assert.is(answer.status, 503)
  assert.is(answer.body, '')
  assert.equal(problems, ["could not read the provider's keys from https://provider.test/.well-known/jwks.json: HTTP 502"])
  down = false
  assert.is((await ask(signer.gate, NOTICE, { token: await signer.sign() })).status, 503, 'inside the cooldown')
  signer.advance(30_000)
  assert.is((await ask(signer.gate, NOTICE, { token: await signer.sign() })).status, 200)
})

test('a JWK of another key type than the algorithm is never used', async () => {
  const rsa = { kty: 'RSA', n: 'sXchDaQebHnPiGvyDOAT4saGEUetSyo9MKLOoWFsueri23bOdgWp4Dy1WlUzewbgBHod5pcM9H95GQRV3JDXboIRROSBigeC5yjU1hGzHHyXss8UDprecbAYxknTcQkhslANGRUZmdTOQ5qTRsLAt6BTYuyvVRdhS8exSZEy_c4gs_7svlJJQ4H9_NxsiIoLwAEk7-Q3UXERGYw_75IDrGA84-lA_-Ct4eTlXHBIY2EaV7t7LjJaynVJCpkv4LKjTTAumiGUIuQhrNhZLuF_RJLqHpM2kgWFLU7-VTdL1VbC2tejvcI2BlMkEpk1BzBZI0KQB0GaDWFLN-aEAw3vRw', e: 'AQAB', kid: 'test-key' }
  const world = await signerWorld({ fetch: async (request) => (new URL(request.url).pathname.endsWith('jwks.json') ? Response.json({ keys: [rsa] }) : Response.json({ result: { valid: true } })) })
  refused(await ask(world.gate, NOTICE, { token: await world.sign() }), 401, 'unknown key')
})

test.run()
