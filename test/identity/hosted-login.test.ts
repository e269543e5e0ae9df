import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { appendixBCrypto, fakeWindow, ok, recordEvents, rejection, setup } from './helpers.js'

const STATE = '3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11'
const KEYS = ['@SLASHID/CSRF_TOKEN', '@SLASHID/PKCE_CODE_VERIFIER', '@SLASHID/OIDC_CLIENT_ID', '@SLASHID/OIDC_REDIRECT_URI']

/** A page that started hosted login and came back to `returnURL`. */
async function returned(returnURL: string) {
  const page = fakeWindow(returnURL)
  const context = setup({}, { window: page.window, crypto: appendixBCrypto })
  await context.client.startHostedLogin({ clientId: 'client-1', redirectUri: 'https://docs.test/callback' })
  const events = recordEvents(context.client)
  return { ...context, page, events }
}

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
