import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtemp, rm, symlink, writeFile, cp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createStaticFiles } from '../../../src/node/serve/static-files.js'
import { fixturesDir } from '../../helpers/fixture-site.js'

const root = join(fixturesDir, 'serve-output')
const files = createStaticFiles({ root, baseUrl: () => '/' })
const get = (path: string, init: RequestInit = {}) => files(new Request(`http://127.0.0.1:3000${path}`, init))

test('pages are served at their canonical URL with status 200 and HTML type', async () => {
  for (const [path, heading] of [['/', 'Home'], ['/docs/x', 'Page x'], ['/docs/folder/', 'Folder page']]) {
    const response = await get(path!)
    assert.is(response.status, 200, path)
    assert.is(response.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.match(await response.text(), `<h1>${heading}</h1>`)
  }
})

test('other spellings of a page redirect to the URL the build links to', async () => {
  const cases = [
    ['/docs/x.html', '/docs/x'],
    ['/docs/x/', '/docs/x'],
    ['/docs/folder', '/docs/folder/'],
    ['/docs/folder/index.html', '/docs/folder/'],
    ['/index.html', '/'],
    ['/docs/x.html?q=1', '/docs/x?q=1'],
  ]
  for (const [path, location] of cases) {
    const response = await get(path!)
    assert.is(response.status, 301, path)
    assert.is(response.headers.get('location'), location, path)
  }
})

test('an unknown path gets the 404 page with status 404', async () => {
  for (const path of ['/nope', '/docs/x/y', '/docs/nope.html', '/img/dot.svg/']) {
    const response = await get(path)
    assert.is(response.status, 404, path)
    assert.match(await response.text(), '<h1>Page Not Found</h1>')
  }
})

test('files are sent with their content type, nosniff, and an unknown type as bytes', async () => {
  const types = [
    ['/_docsgen/styles.css', 'text/css; charset=utf-8'],
    ['/_docsgen/manifest.json', 'application/json; charset=utf-8'],
    ['/img/dot.svg', 'image/svg+xml'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/LICENSE', 'application/octet-stream'],
    ['/img/dot.constructor', 'application/octet-stream'],
  ]
  for (const [path, type] of types) {
    const response = await get(path!)
    assert.is(response.status, 200, path)
    assert.is(response.headers.get('content-type'), type, path)
    assert.is(response.headers.get('x-content-type-options'), 'nosniff')
  }
  assert.is(await (await get('/_docsgen/styles.css')).text(), 'body{color:red}\n')
})

test('paths that try to leave the folder, hide their meaning in encoding or name dotfiles are refused', async () => {
  const cases: [string, number, string][] = [
    ['/docs/%2e%2e%2f%2e%2e%2fetc/passwd', 400, 'Refused: a path segment holds a slash, backslash or control character\n'],
    ['/docs/..%2f..%2fpackage.json', 400, 'Refused: a path segment holds a slash, backslash or control character\n'],
    ['/docs%5c..%5cpackage.json', 400, 'Refused: a path segment holds a slash, backslash or control character\n'],
    ['/%252e%252e/package.json', 400, 'Refused: the path is encoded twice\n'],
    ['/docs/x%252ehtml', 400, 'Refused: the path is encoded twice\n'],
    ['/docs/x%00.html', 400, 'Refused: a path segment holds a slash, backslash or control character\n'],
    ['/docs/%E0%A4%A', 400, 'Refused: the path has invalid percent-encoding\n'],
    ['/docs//x', 400, 'Refused: the path has an empty segment (//)\n'],
    [`/${'a'.repeat(300)}`, 414, 'Refused: a path segment is longer than 255 bytes\n'],
    [`/${'a/'.repeat(1100)}`, 414, 'Refused: the path is longer than 2048 characters\n'],
  ]
  for (const [path, status, body] of cases) {
    const response = await get(path)
    assert.is(response.status, status, path)
    assert.is(await response.text(), body, path)
  }
  for (const path of ['/.env', '/%2eenv', '/_docsgen/.hidden']) {
    const response = await get(path)
    assert.is(response.status, 404, path)
    assert.not.match(await response.text(), 'secret')
  }
})

test('a link inside the folder that leads out of it is not followed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-serve-link-'))
  try {
    await cp(root, join(dir, 'out'), { recursive: true })
    await writeFile(join(dir, 'outside.txt'), 'outside the output')
    await symlink(join(dir, 'outside.txt'), join(dir, 'out', 'leak.txt'))
    const linked = createStaticFiles({ root: join(dir, 'out'), baseUrl: () => '/' })
    const response = await linked(new Request('http://127.0.0.1/leak.txt'))
    assert.is(response.status, 404)
    assert.not.match(await response.text(), 'outside the output')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('ETag revalidation answers 304; HEAD has no body; other methods get 405', async () => {
  const first = await get('/docs/x')
  const etag = first.headers.get('etag')!
  assert.ok(etag.startsWith('W/"'))
  assert.is(first.headers.get('cache-control'), 'no-cache')
  const again = await get('/docs/x', { headers: { 'If-None-Match': etag } })
  assert.is(again.status, 304)
  assert.is(await again.text(), '')
  const head = await get('/docs/x', { method: 'HEAD' })
  assert.is(head.status, 200)
  assert.is(await head.text(), '')
  const post = await get('/docs/x', { method: 'POST', body: 'x' })
  assert.is(post.status, 405)
  assert.is(post.headers.get('allow'), 'GET, HEAD')
})

test('under a base URL, the site answers below it and / redirects there', async () => {
  const based = createStaticFiles({ root, baseUrl: () => '/handbook/' })
  const home = await based(new Request('http://127.0.0.1/'))
  assert.is(home.status, 301)
  assert.is(home.headers.get('location'), '/handbook/')
  assert.is((await based(new Request('http://127.0.0.1/handbook/docs/x'))).status, 200)
  assert.is((await based(new Request('http://127.0.0.1/handbook'))).status, 200)
  assert.is((await based(new Request('http://127.0.0.1/docs/x'))).status, 404)
})

test('without a 404 page, an unknown path is a plain 404', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-serve-empty-'))
  try {
    const empty = createStaticFiles({ root: dir, baseUrl: () => '/' })
    const response = await empty(new Request('http://127.0.0.1/nope'))
    assert.is(response.status, 404)
    assert.is(await response.text(), 'Not found\n')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test.run()
