import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTransport } from '../../src/identity/transport.js'
import { Window } from 'happy-dom'
import { eventually, fakeClock, flush, fail, ok, realWork, recordingLogger, rejection, scriptedFetch, tickUntilSettled } from './helpers.js'

function transport(requestTimeoutMs = 30_000) {
  const provider = scriptedFetch('https://api.test/base')
  const { clock, port } = fakeClock()
  const log = recordingLogger()
  const send = createTransport({ baseURL: 'https://api.test/base', fetch: provider.fetch, clock: port, logger: log.logger, requestTimeoutMs })
  return { provider, clock, send, log }
}

test('URLs are the base URL plus the path; headers carry version, org, bearer and JSON type', async () => {
  const { provider, send } = transport()
  provider.on('POST /id/v2', ok([]))
  await send({ method: 'POST', path: '/id/v2', body: { a: 1 }, orgId: 'org-1', token: 'tok' })
  const [request] = provider.requests
  assert.is(request!.url, 'https://api.test/base/id/v2')
  assert.is(request!.headers['slashid-sdkversion'], '3.29.5')
  assert.is(request!.headers['slashid-orgid'], 'org-1')
  assert.is(request!.headers['authorization'], 'Bearer tok')
  assert.is(request!.headers['content-type'], 'application/json')
  assert.is(request!.headers['slashid-sdkretrycount'], undefined)
  assert.equal(request!.body, { a: 1 })
})

test('versionHeader: false leaves the version header out; no body means no content type', async () => {
  const { provider, send } = transport()
  provider.on('GET /me', ok({}))
  await send({ method: 'GET', path: '/me', versionHeader: false })
  assert.equal(provider.requests[0]!.headers, {})
})

test('network failures are re-sent after 500, 1000 ms with SlashID-SdkRetryCount, then succeed', async () => {
  const { provider, clock, send } = transport()
  const times: number[] = []
  provider.on(() => (times.push(clock.now), false), ok(null))
  provider.sequence('POST /id/v2', ['network-error', 'dom-network-error'])
  provider.on('POST /id/v2', ok(['done']))
  const start = clock.now
  const pending = send({ method: 'POST', path: '/id/v2', body: {}, retry: true })
  await clock.tickAsync(1500)
  const response = await pending
  assert.equal(response.envelope.result, ['done'])
  assert.equal(times.map((t) => t - start), [0, 500, 1500])
  assert.equal(provider.requests.map((r) => r.headers['slashid-sdkretrycount']), [undefined, '1', '2'])
})

test('six network failures: five re-sends at 500/1000/2000/4000/8000 ms, then a networkError', async () => {
  const { provider, clock, send } = transport()
  const times: number[] = []
  provider.on(() => (times.push(clock.now), true), 'network-error')
  const start = clock.now
  const pending = rejection(send({ method: 'GET', path: '/challenge/x/v2', retry: true }))
  await tickUntilSettled(clock, pending)
  const error = await pending
  assert.is(error.code, 'networkError')
  assert.equal(times.map((t) => t - start), [0, 500, 1500, 3500, 7500, 15500])
})

test('without retry (validate, revoke, analytics) a network failure is reported at once', async () => {
  const { provider, send } = transport()
  provider.on('POST /token/validate', 'network-error')
  const error = await rejection(send({ method: 'POST', path: '/token/validate', body: {} }))
  assert.is(error.code, 'networkError')
  assert.is(provider.requests.length, 1)
})

for (const status of [400, 401, 403, 404, 409, 429, 500, 502, 503]) {
  test(`HTTP ${status} is never re-sent`, async () => {
    const { provider, send } = transport()
    provider.on('POST /id/v2', fail(status, 'nope'))
    const error = await rejection(send({ method: 'POST', path: '/id/v2', body: {}, retry: true }))
    assert.is(provider.requests.length, 1)
    assert.is(error.httpStatus, status)
  })
}

test('a provider that never answers: each try is aborted at the deadline, then a timeout error', async () => {
  const { provider, clock, send } = transport(10_000)
  provider.on('POST /id/v2', 'hang')
  const pending = rejection(send({ method: 'POST', path: '/id/v2', body: {}, retry: true }))
  const elapsed = await tickUntilSettled(clock, pending)
  const error = await pending
  assert.ok(elapsed >= 6 * 10_000 + 15_500, `timed out after only ${elapsed} ms`)
  assert.is(error.code, 'timeout')
  assert.is(error.reason, 'requestTimeout')
  assert.is(error.message, 'The provider did not answer POST /id/v2 within 10000 ms')
  assert.is(provider.requests.length, 6)
})

test('aborting the signal stops a hanging request and a back-off sleep with flowCancelled', async () => {
  const { provider, clock, send } = transport()
  provider.on('GET /a', 'hang')
  const controller = new AbortController()
  const pending = rejection(send({ method: 'GET', path: '/a', signal: controller.signal }))
  controller.abort()
  assert.is((await pending).code, 'flowCancelled')

  provider.on('GET /b', 'network-error')
  const second = new AbortController()
  const sleeping = rejection(send({ method: 'GET', path: '/b', retry: true, signal: second.signal }))
  await clock.tickAsync(100)
  second.abort()
  assert.is((await sleeping).code, 'flowCancelled')
  assert.is(provider.calls('GET /b').length, 1)
})

test('a 2xx answer with errors is handed back (the proxy 202 convention)', async () => {
  const { provider, send } = transport()
  provider.on('GET /challenge/p/v2', { status: 202, body: { errors: [{ httpcode: 202, message: 'challenge not completed yet' }] } })
  const response = await send({ method: 'GET', path: '/challenge/p/v2' })
  assert.is(response.status, 202)
  assert.equal(response.envelope.errors, [{ httpcode: 202, message: 'challenge not completed yet' }])
})

test('an HTML error page is an HTTP error; a 200 that is not JSON is an apiResponseError', async () => {
  const { provider, send } = transport()
  provider.on('GET /html', { status: 502, text: '<html>Bad gateway</html>' })
  provider.on('GET /text', { status: 200, text: 'hello' })
  const gateway = await rejection(send({ method: 'GET', path: '/html' }))
  assert.is(gateway.code, 'apiResponseError')
  assert.is(gateway.httpStatus, 502)
  const text = await rejection(send({ method: 'GET', path: '/text' }))
  assert.is(text.code, 'apiResponseError')
  assert.is(text.message, 'GET /text: the answer is not JSON')
})

test('the correlation id header rides along on errors', async () => {
  const { provider, send } = transport()
  provider.on('GET /x', { ...(fail(500, 'boom') as object), headers: { 'SlashID-Correlation-ID': 'corr-1' } })
  const error = await rejection(send({ method: 'GET', path: '/x' }))
  assert.is(error.correlationId, 'corr-1')
  assert.is(error.message, 'boom')
})

test('a form body is form-encoded without the JSON type', async () => {
  const { provider, send } = transport()
  provider.on('POST /oauth2/tokens', { status: 200, body: { id_token: 'x' } })
  await send({ method: 'POST', path: '/oauth2/tokens', form: { client_id: 'c', code: 'a b' } })
  const [request] = provider.requests
  assert.is(request!.headers['content-type'], 'application/x-www-form-urlencoded')
  assert.is(request!.rawBody, 'client_id=c&code=a+b')
})

test("happy-dom's fetch failing with a DOMException (connection refused) is a network failure and is re-sent", async () => {
  const window = new Window({ url: 'http://localhost:3000/' })
  const { clock, port } = fakeClock()
  let calls = 0
  let failed = false
  const send = createTransport({
    baseURL: 'http://127.0.0.1:9',
    fetch: (input, init) => (++calls === 1 ? realWork.track(window.fetch(input, init as never) as unknown as Promise<Response>, 'a connection to 127.0.0.1:9').catch((error) => ((failed = true), Promise.reject(error))) : Promise.resolve(Response.json({ result: 'ok' }))),
    clock: port,
    logger: recordingLogger().logger,
    requestTimeoutMs: 30_000,
  })
  const pending = send({ method: 'GET', path: '/challenge/x/v2', retry: true })
  await eventually(() => failed, 'the refused connection')
  await flush()
  await clock.tickAsync(500)
  assert.is((await pending).envelope.result, 'ok')
  assert.is(calls, 2)
  await window.happyDOM.close()
})

test.run()
