/**
 * The gate's paths: canonicalised before any lookup, looked up exactly, decided by the access
 * computed at build. Spellings of a private path that a host or a browser treats alike, and
 * spellings that try to slip past the rules, never return a body to a reader who may not read it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MARKERS, ask, emulatorWorld, type Answer } from './gate-world.js'

const PAGE = '/_docsgen/gate/page'

async function world() {
  const w = await emulatorWorld()
  return { ...w, admin: await w.signIn('admin@example.test', ['admins']), reader: await w.signIn('reader@example.test') }
}

function noMarker(answer: Answer, where: string) {
  for (const marker of MARKERS) assert.not.ok(answer.body.includes(marker), `${where} answered ${marker}`)
}

test('spellings a host serves as one page: the admin reads it, a reader without the group gets 403, nobody signed in 401', async () => {
  const w = await world()
  for (const spelling of ['/docs/Private/notice', '/docs/Private/notice.html', '/docs/Private/notice/', '/docs/Private/notice/index.html', '/docs/Private/notice?x=1', '/docs/Public/%2e%2e/Private/notice', '/docs/Public/../Private/notice', '/docs/Private/./notice', '/docs/Priv%61te/notice']) {
    const admin = await ask(w.gate, `${PAGE}${spelling}`, { token: w.admin })
    assert.is(admin.status, 200, spelling)
    assert.ok(admin.body.includes('SECRET-NOTICE-BODY'), spelling)
    for (const [token, status] of [[w.reader, 403], [undefined, 401]] as const) {
      const answer = await ask(w.gate, `${PAGE}${spelling}`, { token })
      assert.is(answer.status, status, spelling)
      assert.is(answer.body, '', spelling)
    }
  }
})

test('spellings that name no route never return a body, whoever asks: case, leading and inner //, /\\, encoded slashes and backslashes, NUL, double encoding, bad encoding, Unicode variants', async () => {
  const w = await world()
  const spellings = [
    '/docs/private/notice',
    '/DOCS/PRIVATE/NOTICE',
    '//docs/Private/notice',
    '/docs//Private/notice',
    '/docs/Private//notice',
    '/docs/Private/\\notice',
    '/docs/Private%2Fnotice',
    '/docs%2FPrivate/notice',
    '/docs/Private%5Cnotice',
    '/docs/Private%252Fnotice',
    '/docs/Private/notice%00',
    '/docs/Private/notice%00.html',
    '/docs/Private/%E0%A4%A',
    '/docs/Private/notic%C3%A9',
    '/docs/Private/Cafe%CC%81',
    '/docs/Private/CAF%C3%89',
    '/docs/Private/notice%20',
    '/docs/Private/notice.HTML',
    '/docs/Private/notice/index.htm',
    '/docs/Private/notice.json',
    '/docs/%EF%BC%B0rivate/notice',
  ]
  for (const spelling of spellings) {
    for (const token of [w.admin, w.reader, undefined]) {
      const answer = await ask(w.gate, `${PAGE}${spelling}`, { token })
      noMarker(answer, spelling)
      assert.is(answer.body, '', spelling)
      assert.ok([401, 403, 404].includes(answer.status), `${spelling}: ${answer.status}`)
    }
    assert.is((await ask(w.gate, `${PAGE}${spelling}`)).status, 401, `${spelling} without a token`)
  }
  // The NFC spelling is the page; its NFD twin is not.
  assert.is((await ask(w.gate, `${PAGE}/docs/Private/Caf%C3%A9`, { token: w.admin })).status, 200)
  assert.is((await ask(w.gate, `${PAGE}/docs/Private/Cafe%CC%81`, { token: w.admin })).status, 404)
})

test('a missing page under a rule: 404 only to a signed-in reader with access; the same 403 and 401 as an existing one to everyone else', async () => {
  const w = await world()
  for (const [path, admin] of [
    ['/docs/Private/notice', 200],
    ['/docs/Private/not-there', 404],
    ['/docs/Private/deep/not/there.html', 404],
  ] as const) {
    assert.is((await ask(w.gate, `${PAGE}${path}`, { token: w.admin })).status, admin, path)
    const reader = await ask(w.gate, `${PAGE}${path}`, { token: w.reader })
    const nobody = await ask(w.gate, `${PAGE}${path}`)
    assert.equal([reader.status, reader.body, [...reader.headers]], [403, '', [...(await ask(w.gate, `${PAGE}/docs/Private/notice`, { token: w.reader })).headers]], path)
    assert.equal([nobody.status, nobody.body, nobody.headers.get('www-authenticate')], [401, '', 'Bearer realm="docsgen", error="invalid_token", error_description="no token"'], path)
  }
  assert.is((await ask(w.gate, `${PAGE}/docs/Members/not-there`, { token: w.reader })).status, 404, 'a rule without groups: any signed-in reader may look')
})

test('the private endpoint answers only private paths: a public route or the site root is 404, even to the admin', async () => {
  const w = await world()
  for (const path of ['/docs/Sanctum/intro', '/', '/docs/Privateer', '/docs/PrivateX/notice', '/_docsgen/gate/navigation']) assert.is((await ask(w.gate, `${PAGE}${path}`, { token: w.admin })).status, 404, path)
})

test('a route private for another reason than a rule (an index of private items) is, to anyone who may not read it, as absent as any public path', async () => {
  const w = await world()
  const vault = await ask(w.gate, `${PAGE}/docs/category/vault`, { token: w.admin })
  assert.equal([vault.status, vault.body], [200, '{"format":1,"path":"/docs/category/vault","html":"<p>SECRET-VAULT-INDEX</p>"}\n'])
  const same = (answer: Answer) => [answer.status, answer.body, [...answer.headers]]
  assert.equal(same(await ask(w.gate, `${PAGE}/docs/category/vault`, { token: w.reader })), same(await ask(w.gate, `${PAGE}/docs/category/nothing`, { token: w.reader })))
  assert.equal((await ask(w.gate, `${PAGE}/docs/category/vault`, { token: w.reader })).status, 404)
  assert.is((await ask(w.gate, `${PAGE}/docs/category/vault`)).status, 401)
  assert.is((await ask(w.gate, '/docs/category/vault')).body, 'public: /docs/category/vault', 'no shell: the public 404, as for any missing page')
})

test('private files: served like pages, with their own type', async () => {
  const w = await world()
  const answer = await ask(w.gate, `${PAGE}/docs/Private/diagram.png`, { token: w.admin })
  assert.equal([answer.status, answer.body, answer.headers.get('content-type')], [200, 'SECRET-DIAGRAM-BYTES', 'image/png'])
  assert.equal([(await ask(w.gate, `${PAGE}/docs/Private/diagram.png`, { token: w.reader })).status, (await ask(w.gate, `${PAGE}/docs/Private/diagram.png`)).status], [403, 401])
})

test('every path under a rule gets the same sign-in shell, whether or not a page is there; other paths go to the public files', async () => {
  const w = await world()
  const shell = await ask(w.gate, '/docs/Private/notice')
  assert.is(shell.status, 401)
  assert.is(shell.body, '<!doctype html>\n<title>Private page</title>\n<p>Sign in to read this page</p>\n')
  assert.is(shell.headers.get('content-type'), 'text/html; charset=utf-8')
  assert.is(shell.headers.get('cache-control'), 'private, no-store')
  assert.is(shell.headers.get('vary'), 'Authorization')
  const same = (answer: Answer) => [answer.status, answer.body, [...answer.headers]]
  for (const path of ['/docs/Private/not-there', '/docs/Private', '/docs/Private/', '/docs/Private/notice.html', '/docs/Private/notice/index.html', '/docs/Public/%2e%2e/Private/notice', '/docs/Private/Cafe%CC%81', '/docs/Members/welcome', '/docs/Private/diagram.png']) {
    assert.equal(same(await ask(w.gate, path)), same(shell), path)
    assert.equal(same(await ask(w.gate, path, { token: w.admin })), same(shell), `${path} with a token`)
  }
  for (const path of ['/docs/private/notice', '//docs/Private/notice', '/docs/Private%2Fnotice', '/docs/Privateer', '/', '/_docsgen/gate', '/_docsgen/gate/page', '/_docsgen/gate/pag%65/docs/Private/notice']) {
    const answer = await ask(w.gate, path, { token: w.admin })
    assert.is(answer.body, `public: ${new URL(`http://x${path}`).pathname}`, path)
  }
})

test('the build’s own files are public whatever the rules say', async () => {
  const w = await emulatorWorld({
    store: {
      index: async () => (await import('../../src/gate/index.js')).readGateManifest(JSON.stringify({ format: 1, baseUrl: '/', rules: [{ pattern: '^/.*$', groups: [] }], entries: {}, shell: 'shell.html', navigation: [] })),
      read: async () => new TextEncoder().encode('shell'),
    },
  })
  assert.is((await ask(w.gate, '/_docsgen/runtime.js')).body, 'public: /_docsgen/runtime.js')
  assert.is((await ask(w.gate, '/docs/x')).body, 'shell')
})

test('HEAD: the same status and headers, no body; other methods: 405 on what the gate owns', async () => {
  const w = await world()
  const head = await ask(w.gate, `${PAGE}/docs/Private/notice`, { token: w.admin, method: 'HEAD' })
  assert.equal([head.status, head.body, head.headers.get('content-type')], [200, '', 'application/json; charset=utf-8'])
  assert.equal([(await ask(w.gate, '/docs/Private/notice', { method: 'HEAD' })).body], [''])
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
    const answer = await ask(w.gate, `${PAGE}/docs/Private/notice`, { token: w.admin, method })
    assert.equal([answer.status, answer.body, answer.headers.get('allow')], [405, '', 'GET, HEAD'], method)
  }
  assert.is((await ask(w.gate, '/docs/Sanctum/intro', { method: 'POST' })).body, 'public: /docs/Sanctum/intro')
})

test("navigation: only the entries the reader may open, and of those only the ones whose own groups (a navbar item's) the reader is in", async () => {
  const w = await world()
  const admin = await ask(w.gate, '/_docsgen/gate/navigation', { token: w.admin })
  assert.equal([admin.status, admin.headers.get('content-type'), admin.headers.get('cache-control')], [200, 'application/json; charset=utf-8', 'private, no-store'])
  assert.equal(JSON.parse(admin.body), [
    { path: '/docs/Private/notice', label: 'Notice' },
    { path: '/docs/Members/welcome', label: 'Welcome' },
    { path: '/docs/Members/welcome', label: 'Admins’ corner', kind: 'navbar', groups: ['admins'] },
  ])
  assert.equal(JSON.parse((await ask(w.gate, '/_docsgen/gate/navigation', { token: w.reader })).body), [{ path: '/docs/Members/welcome', label: 'Welcome' }])
  const nobody = await ask(w.gate, '/_docsgen/gate/navigation')
  assert.equal([nobody.status, nobody.body], [401, ''])
})

test('a path longer than 2048 characters is refused before any rule is tried (rules with several ** take time growing with its square); one just under is looked up', async () => {
  const w = await world()
  const long = await ask(w.gate, `${PAGE}/docs/Private/${'a/'.repeat(1100)}notice`, { token: w.admin })
  assert.is(long.status, 414)
  assert.is(long.body, '')
  const under = await ask(w.gate, `${PAGE}/docs/Private/${'a/'.repeat(990)}notice`, { token: w.admin })
  assert.is(under.status, 404)
})

test.run()
