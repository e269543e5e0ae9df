import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { request as httpRequest } from 'node:http'
import { hostname } from 'node:os'
import { listenHttp, ListenError } from '../../../src/node/serve/node-http.js'

const echo = async (request: Request) => new Response(`${request.method} ${new URL(request.url).pathname}`, { headers: { 'Content-Type': 'text/plain' } })

/** Sends the request target exactly as written (fetch would normalise it first). */
function rawGet(url: string, target: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const req = httpRequest({ hostname, port, path: target, method: 'GET', headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

test('a port asked for and taken is a clear error; without --port the next free one is used', async () => {
  const first = await listenHttp(echo, { host: '127.0.0.1', port: 0 })
  try {
    const error = await listenHttp(echo, { host: '127.0.0.1', port: first.port }).catch((caught: unknown) => caught)
    assert.instance(error, ListenError)
    assert.is((error as Error).message, `port ${first.port} on 127.0.0.1 is already in use; choose another with --port, or leave --port out to take the next free one`)
    const next = await listenHttp(echo, { host: '127.0.0.1', port: undefined, firstPort: first.port })
    try {
      assert.is(next.port, first.port + 1)
      assert.is(next.url, `http://127.0.0.1:${first.port + 1}`)
    } finally {
      await next.close()
    }
    const none = await listenHttp(echo, { host: '127.0.0.1', port: undefined, firstPort: first.port, portsToTry: 1 }).catch((caught: unknown) => caught)
    assert.is((none as Error).message, `ports ${first.port} to ${first.port} on 127.0.0.1 are all in use; choose one with --port`)
  } finally {
    await first.close()
  }
})

test('a server on every interface is named by localhost, where a browser reaches it (not 0.0.0.0, which browsers refuse)', async () => {
  const server = await listenHttp(echo, { host: '0.0.0.0', port: 0 })
  try {
    assert.is(server.url, `http://localhost:${server.port}`)
    assert.is((await rawGet(server.url, '/x', {})).status, 200)
  } finally {
    await server.close()
  }
})

test('a host that is not this machine is a clear error', async () => {
  const error = await listenHttp(echo, { host: '192.0.2.1', port: 0 }).catch((caught: unknown) => caught)
  assert.is((error as Error).message, "cannot listen on host '192.0.2.1': no such address on this machine")
})

test('dot segments and backslashes are refused as sent, before URL parsing could resolve them', async () => {
  const server = await listenHttp(echo, { host: '127.0.0.1', port: 0 })
  try {
    for (const target of ['/../etc/passwd', '/docs/%2e%2e/%2E%2E/etc/passwd', '/docs/./x', '/docs/.%2e/x', '/docs\\..\\x', '/%2e']) {
      const answer = await rawGet(server.url, target)
      assert.is(answer.status, 400, target)
      assert.ok(answer.body.startsWith('Refused: the path'), target)
    }
    assert.equal(await rawGet(server.url, '/docs/x?a=../b'), { status: 200, body: 'GET /docs/x' })
  } finally {
    await server.close()
  }
})

test('a handler that throws answers 500 without its message', async () => {
  const server = await listenHttp(async () => {
    throw new Error('internal detail')
  }, { host: '127.0.0.1', port: 0 })
  const logged: unknown[] = []
  const original = console.error
  console.error = (...items: unknown[]) => logged.push(...items)
  try {
    const answer = await rawGet(server.url, '/x')
    assert.equal(answer, { status: 500, body: 'Internal error in docsgen serve (see the terminal)\n' })
    assert.is((logged[0] as Error).message, 'internal detail')
  } finally {
    console.error = original
    await server.close()
  }
})

test('on a loopback interface, a request naming another host is refused (DNS rebinding)', async () => {
  const server = await listenHttp(echo, { host: '127.0.0.1', port: 0 })
  try {
    const { port } = new URL(server.url)
    const asHost = (host: string) => rawGet(server.url, '/x', { Host: host })
    assert.equal(await asHost(`evil.example:${port}`), { status: 421, body: `Refused: this server answers to loopback names only (127.0.0.1, localhost), not 'evil.example:${port}'\n` })
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `docs.localhost:${port}`, `[::1]:${port}`]) assert.is((await asHost(host)).status, 200, host)
  } finally {
    await server.close()
  }
})

test('on every interface (--host 0.0.0.0), a name an attacker points at this machine is refused too (DNS rebinding), for pages and the live-reload socket', async () => {
  const upgrades: string[] = []
  const server = await listenHttp(echo, { host: '0.0.0.0', port: 0, onUpgrade: (request, socket) => (upgrades.push(String(request.headers.host)), socket.destroy()) })
  try {
    const { port } = new URL(server.url)
    const machine = hostname().toLowerCase()
    const asHost = (host: string) => rawGet(`http://127.0.0.1:${port}`, '/x', { Host: host })
    assert.equal(await asHost(`evil.example:${port}`), {
      status: 421,
      body: `Refused: this server answers to IP addresses and the names localhost, ${machine}, ${machine}.local only, not 'evil.example:${port}'\n`,
    })
    for (const host of [`127.0.0.1:${port}`, `192.168.1.20:${port}`, `[fe80::1]:${port}`, `localhost:${port}`, `${machine}:${port}`, `${machine}.local:${port}`]) assert.is((await asHost(host)).status, 200, host)
    const upgrade = (host: string) =>
      new Promise<string>((resolve) => {
        const req = httpRequest({ hostname: '127.0.0.1', port, path: '/socket', headers: { Host: host, Connection: 'Upgrade', Upgrade: 'websocket' } })
        req.on('upgrade', () => resolve('upgraded'))
        req.on('response', (res) => resolve(`answered ${res.statusCode}`))
        req.on('error', () => resolve('closed'))
        req.end()
      })
    assert.is(await upgrade(`evil.example:${port}`), 'closed')
    assert.is(await upgrade(`127.0.0.1:${port}`), 'closed')
    assert.equal(upgrades, [`127.0.0.1:${port}`])
  } finally {
    await server.close()
  }
})

test.run()
