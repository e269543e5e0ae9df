import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { main } from '../../src/cli/main.js'
import { closeProviderServers } from '../../src/cli/run-provider.js'
import { withWidgetPage } from '../../src/node/bundle/with-widget-page.js'

function capture() {
  const out: string[] = []
  return { out, output: { stdout: (t: string) => void out.push(t), stderr: () => {} } }
}

test('docsgen provider serves /widget.html and its bundle beside the emulator', async () => {
  const { out, output } = capture()
  try {
    assert.is(await main(['provider', '--port', '0'], output), 0)
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out.join(''))![1]!
    assert.match(out.join(''), `  Login widget (try it):     ${url}/widget.html\n`)
    const page = await fetch(`${url}/widget.html?theme=dark`)
    assert.is(page.status, 200)
    assert.is(page.headers.get('content-type'), 'text/html; charset=utf-8')
    const html = await page.text()
    const script = /from '\.\/widget\/(login-widget-[A-Z0-9]+\.js)'/.exec(html)?.[1]
    assert.ok(script, 'the page imports the bundle')
    assert.match(html, '<iframe src="./" title="Outbox"></iframe>')
    const bundle = await fetch(`${url}/widget/${script}`)
    assert.is(bundle.status, 200)
    assert.is(bundle.headers.get('content-type'), 'text/javascript; charset=utf-8')
    assert.is(bundle.headers.get('cache-control'), 'public, max-age=31536000, immutable')
    assert.ok((await bundle.arrayBuffer()).byteLength > 100_000)
    assert.is((await fetch(`${url}/widget/login-widget-NOPE.js`)).status, 404, 'other paths are the emulator’s')
    assert.match(await (await fetch(`${url}/`)).text(), 'outbox')
    const head = await fetch(`${url}/widget.html`, { method: 'HEAD' })
    assert.is(head.status, 200)
  } finally {
    await closeProviderServers()
  }
})

test('a bundle that fails to build: a 500 naming the cause, and a new try on the next request', async () => {
  let attempts = 0
  const handler = withWidgetPage(
    async () => new Response('emulator'),
    async () => {
      attempts++
      throw new Error('esbuild is missing')
    },
  )
  const answer = await handler(new Request('http://127.0.0.1/widget.html'))
  assert.is(answer.status, 500)
  assert.is(await answer.text(), 'Could not build the login widget: esbuild is missing\n')
  await handler(new Request('http://127.0.0.1/widget.html'))
  assert.is(attempts, 2)
  assert.is(await (await handler(new Request('http://127.0.0.1/widget.html', { method: 'POST' }))).text(), 'emulator')
  assert.is(await (await handler(new Request('http://127.0.0.1/id/v2'))).text(), 'emulator')
})

test.run()
