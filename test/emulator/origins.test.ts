/** Which web pages may talk to the emulator: CORS, the Host header (DNS rebinding), the sdk.html frame. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { request as httpRequest } from 'node:http'
import { Window } from 'happy-dom'
import { startProviderServer } from '../../src/emulator/node-server.js'
import { sdkFramePage } from '../../src/emulator/pages.js'
import { BASE, call, email, emulator, idBody, ORG } from './helpers.js'

const preflight = (p: ReturnType<typeof emulator>, origin: string, path = '/id/v2') =>
  p.fetch(new Request(`${BASE}${path}`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } }))

test('CORS: loopback, reserved test names and configured site origins are echoed; any other origin is refused with 403 and no Allow-Origin', async () => {
  const p = emulator({ fixture: { siteOrigins: ['https://docs.acme.com'] } })
  for (const origin of ['http://localhost:3000', 'http://127.0.0.1:5173', 'http://[::1]:8080', 'http://docs.localhost:3000', 'https://docs.test', 'https://docs.acme.com']) {
    const pre = await preflight(p, origin)
    assert.is(pre.status, 204, origin)
    assert.is(pre.headers.get('access-control-allow-origin'), origin, origin)
    const real = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('c@example.test'), 'otp_via_email'), headers: { Origin: origin } })
    assert.is(real.status, 200, origin)
    assert.is(real.headers.get('access-control-allow-origin'), origin)
  }
  for (const origin of ['https://evil.example.com', 'https://docs.acme.com.evil.net', 'http://docs.acme.com', 'null', 'http://localhost.evil.net']) {
    const pre = await preflight(p, origin)
    assert.is(pre.status, 403, origin)
    assert.is(pre.headers.get('access-control-allow-origin'), null, origin)
    const real = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('c@example.test'), 'otp_via_email'), headers: { Origin: origin } })
    assert.is(real.status, 403, origin)
    assert.is(real.body.errors[0].message, `origin '${origin}' may not call the emulator: list it in the fixture's siteOrigins (or docsgen provider --site-origin ${origin})`)
    assert.is(real.headers.get('access-control-allow-origin'), null)
  }
})

test('/__test/* and the outbox page: refused for another origin and for a Host that is not the emulator (DNS rebinding)', async () => {
  const p = emulator()
  const evil = await call(p, 'POST', '/__test/reset', { body: {}, headers: { Origin: 'https://evil.example.com' } })
  assert.is(evil.status, 403)
  assert.is((await call(p, 'GET', '/__test/mailbox?handle=a@b.test', { headers: { Origin: BASE } })).status, 200, 'same origin')
  for (const path of ['/__test/mailbox?handle=a@b.test', '/', '/outbox', '/id/v2']) {
    const rebound = await p.fetch(new Request(`http://attacker.example.com:8787${path}`))
    assert.is(rebound.status, 403, path)
    assert.equal(await rebound.json(), { errors: [{ httpcode: 403, message: "host 'attacker.example.com:8787' is not this emulator: use http://127.0.0.1:8787 (or list the host in the fixture's allowedHosts)" }] })
  }
  for (const host of ['localhost:8787', '127.0.0.1:8787', '[::1]:8787']) assert.is((await p.fetch(new Request(`http://${host}/__test/mailbox`))).status, 200, host)
  assert.is((await p.fetch(new Request('http://localhost:9999/__test/mailbox'))).status, 403, 'another port')
  const configured = emulator({ fixture: { allowedHosts: ['provider.lan:8787'] } })
  assert.is((await configured.fetch(new Request('http://provider.lan:8787/__test/mailbox'))).status, 200)
})

function rawGet(url: string, host: string, path = '/__test/mailbox'): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers: { Host: host }, setHost: false }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

test('over HTTP: a Host header with a path does not reroute the request; a foreign Host is refused', async () => {
  const server = await startProviderServer({ port: 0 })
  try {
    const port = new URL(server.url).port
    const rerouted = await rawGet(server.url, `127.0.0.1:${port}/__test/mailbox?handle=x#`, '/')
    assert.is(rerouted.status, 400)
    assert.equal(JSON.parse(rerouted.body), { errors: [{ httpcode: 400, message: 'malformed Host header' }] })
    const foreign = await rawGet(server.url, `attacker.example.com:${port}`)
    assert.is(foreign.status, 403)
    assert.is((await rawGet(server.url, `localhost:${port}`)).status, 200)
    const absolute = await rawGet(server.url, `127.0.0.1:${port}`, `http://attacker.example.com/__test/mailbox`)
    assert.is(absolute.status, 200, 'absolute-form target: its path is used, the Host header decides')
  } finally {
    await server.close()
  }
})

test('the sdk.html frame answers only the allowed origins, to that origin, never *', async () => {
  const win = new Window({ url: 'http://127.0.0.1:8787/sdk.html', settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true } as never })
  win.document.write(sdkFramePage(['https://docs.acme.com']))
  await win.happyDOM.waitUntilComplete()
  const replies: [unknown, string][] = []
  const source = { postMessage: (message: unknown, target: string) => replies.push([JSON.parse(JSON.stringify(message)), target]) }
  const send = (origin: string, data: unknown) => win.dispatchEvent(new win.MessageEvent('message', { data, origin, source: source as never }))
  send('https://evil.example.com', { id: 1, type: 1, key: 'SLASHID_IDENTIFIERS', value: 'stolen' })
  send('https://evil.example.com', { id: 2, type: 0, key: 'k' })
  send('null', { id: 3, type: 2 })
  assert.equal(replies, [])
  send('https://docs.acme.com', { id: 4, type: 1, key: 'k', value: 'v' })
  send('http://localhost:3000', { id: 5, type: 0, key: 'k' })
  assert.equal(replies, [
    [{ id: 4 }, 'https://docs.acme.com'],
    [{ id: 5, value: 'v' }, 'http://localhost:3000'],
  ])
  assert.is(win.localStorage.getItem('SLASHID_IDENTIFIERS'), null)
  await win.happyDOM.close()
})

test.run()
