import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { appendixBCrypto, fakeWindow, makeToken, ok, recordEvents, rejection, setup } from './helpers.js'

const STATE = '3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11'
const TOKEN = makeToken()
const KEYS = ['@SLASHID/CSRF_TOKEN', '@SLASHID/PKCE_CODE_VERIFIER', '@SLASHID/OIDC_CLIENT_ID', '@SLASHID/OIDC_REDIRECT_URI']

/** A page that started hosted login and came back to `returnURL`. */
async function returned(returnURL: string) {
  const page = fakeWindow(returnURL)
  const context = setup({}, { window: page.window, crypto: appendixBCrypto })
  await context.client.startHostedLogin({ clientId: 'client-1', redirectUri: 'https://docs.test/callback' })
  const events = recordEvents(context.client)
  return { ...context, page, events }
}

test('hosted login: PKCE S256 with the RFC 7636 Appendix B vector, CSRF state, code exchange', async () => {
  const page = fakeWindow('https://docs.test/docs/')
  const { client, provider, session } = setup({}, { window: page.window, crypto: appendixBCrypto })
  const url = new URL(await client.startHostedLogin({ clientId: 'client-1', redirectUri: 'https://docs.test/callback' }))
  assert.is(url.origin + url.pathname, 'https://api.test/oauth2/authorize')
  assert.equal(Object.fromEntries(url.searchParams), {
    redirect_uri: 'https://docs.test/callback',
    client_id: 'client-1',
    response_type: 'code',
    state: '3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  })
  assert.equal(page.assigned, [url.href])
  assert.is(session.getItem('@SLASHID/PKCE_CODE_VERIFIER'), 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')

  provider.on('POST /oauth2/tokens', { status: 200, body: { access_token: 'at', id_token: TOKEN, token_type: 'Bearer', expires_in: 3600 } })
  const user = await client.completeHostedLogin('https://docs.test/callback?code=c0de&state=3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11')
  assert.is(user!.token, TOKEN)
  const [exchange] = provider.calls('POST /oauth2/tokens')
  assert.is(exchange!.rawBody, 'client_id=client-1&code=c0de&code_verifier=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk&grant_type=authorization_code&redirect_uri=https%3A%2F%2Fdocs.test%2Fcallback')
  assert.is(session.getItem('@SLASHID/PKCE_CODE_VERIFIER'), null)
})

test('hosted login return: state mismatch, missing verifier, missing client data, failed exchange', async () => {
  const page = fakeWindow('https://docs.test/')
  const { client, provider, session } = setup({}, { window: page.window, crypto: appendixBCrypto })
  const start = () => client.startHostedLogin({ clientId: 'client-1', redirectUri: 'https://docs.test/callback' })
  await start()
  assert.is((await rejection(client.completeHostedLogin('https://docs.test/?code=c&state=forged'))).message, 'CSRF token mismatch')
  // The transaction is one-shot: a second try with the right state finds nothing.
  assert.is(
    (await rejection(client.completeHostedLogin('https://docs.test/?code=c&state=3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11'))).message,
    'CSRF token or PKCE code verifier not found',
  )
  await start()
  session.removeItem('@SLASHID/OIDC_CLIENT_ID')
  assert.is(
    (await rejection(client.completeHostedLogin('https://docs.test/?code=c&state=3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11'))).message,
    'Client ID or redirect URI not found in session storage',
  )
  assert.is(provider.calls('POST /oauth2/tokens').length, 0)
  await start()
  provider.on('POST /oauth2/tokens', { status: 400, body: { error: 'invalid_grant' } })
  assert.is(
    (await rejection(client.completeHostedLogin('https://docs.test/?code=c&state=3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11'))).message,
    'Failed to obtain access token',
  )
  assert.is(await client.completeHostedLogin('https://docs.test/?state=x'), undefined)
})

const stored = (session: ReturnType<typeof setup>['session']) => KEYS.filter((key) => session.getItem(key) !== null)

test('hosted login return with ?error=access_denied ends the flow: oauthFlowFailed, storage cleared, URL stripped, an error thrown', async () => {
  const back = `https://docs.test/callback?error=access_denied&error_description=The+user+cancelled&state=${STATE}&keep=1`
  const { client, provider, session, page, events } = await returned(back)
  const error = await rejection(client.completeHostedLogin())
  assert.is(error.code, 'apiResponseError')
  assert.is(error.message, 'OIDC/SAML flow unsuccessful: access_denied (The user cancelled)')
  assert.is(error.serverMessage, 'access_denied')
  assert.equal(events.names(), ['oauthFlowFailed'])
  assert.is(events.seen[0]!.payload.error, error)
  assert.equal(stored(session), [])
  assert.equal(page.replaced, ['https://docs.test/callback?keep=1'])
  assert.is(provider.calls('POST /oauth2/tokens').length, 0)
  assert.is(client.user, undefined)
})

test('an error return with a forged or missing state is a CSRF error, and still ends the flow', async () => {
  for (const [query, message] of [
    ['error=access_denied&state=forged', 'CSRF token mismatch'],
    ['error=server_error', 'CSRF token mismatch'],
  ] as const) {
    const { client, session, page, events } = await returned(`https://docs.test/callback?${query}`)
    assert.is((await rejection(client.completeHostedLogin())).message, message)
    assert.equal(events.names(), ['oauthFlowFailed'])
    assert.equal(stored(session), [])
    assert.equal(page.replaced, ['https://docs.test/callback'])
  }
  const { client } = setup()
  assert.is((await rejection(client.completeHostedLogin('https://docs.test/callback?error=access_denied'))).message, 'CSRF token or PKCE code verifier not found')
})

test('the error and its description are URL input: control and non-ASCII characters replaced, length capped', async () => {
  const description = encodeURIComponent('line\nbreak\u202Eevil ' + 'x'.repeat(500))
  const { client } = await returned(`https://docs.test/callback?error=bad%00error&error_description=${description}&state=${STATE}`)
  const error = await rejection(client.completeHostedLogin())
  assert.is(error.message, `OIDC/SAML flow unsuccessful: bad?error (line?break?evil ${'x'.repeat(184)})`)
})

test('a failed exchange, or an id_token that is not a token, also strips the URL and publishes oauthFlowFailed', async () => {
  for (const answer of [{ status: 400, body: { error: 'invalid_grant' } }, ok(null), { status: 200, body: { id_token: 'not-a-jwt' } }]) {
    const { client, provider, page, events } = await returned(`https://docs.test/callback?code=c0de&state=${STATE}`)
    provider.on('POST /oauth2/tokens', answer)
    const error = await rejection(client.completeHostedLogin())
    assert.equal(events.names(), ['oauthFlowFailed'])
    assert.is(events.seen[0]!.payload.error, error)
    assert.equal(page.replaced, ['https://docs.test/callback'])
  }
})

test('a page without code or error is not a return: undefined, nothing touched', async () => {
  const { client, session, events } = await returned(`https://docs.test/callback?state=${STATE}`)
  assert.is(await client.completeHostedLogin(), undefined)
  assert.equal(stored(session), KEYS)
  assert.equal(events.names(), [])
})

test.run()
