/**
 * Where the gate reads the private output: the private folder (Node) and any key-value store
 * (an edge runtime), the manifest checked as a whole, a damaged or missing output closing the
 * gate rather than opening a path; and the options a gate refuses.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFolderStore, createGate, createKeyValueStore, GateManifestError, readGateManifest, type GateOptions } from '../../src/gate/index.js'
import { ask, emulatorWorld, fixtureDir, publicAnswer } from './gate-world.js'

const NOTICE = '/_docsgen/gate/page/docs/Private/notice'
const manifestText = readFileSync(join(fixtureDir, 'gate.json'), 'utf8')

function copyOfFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docsgen-gate-'))
  cpSync(fixtureDir, dir, { recursive: true })
  return dir
}

test('the folder store: a rebuilt manifest is seen by the next request; no manifest means nothing is private here', async () => {
  const dir = copyOfFixture()
  try {
    const w = await emulatorWorld({ store: createFolderStore(dir) })
    const admin = await w.signIn('admin@example.test', ['admins'])
    assert.is((await ask(w.gate, NOTICE, { token: admin })).status, 200)
    const manifest = JSON.parse(manifestText)
    manifest.entries['/docs/Private/notice'].groups = ['owners']
    writeFileSync(join(dir, 'gate.json'), JSON.stringify(manifest, null, 1))
    assert.is((await ask(w.gate, NOTICE, { token: admin })).status, 403)
    rmSync(join(dir, 'gate.json'))
    assert.is((await ask(w.gate, NOTICE, { token: admin })).body, `public: ${NOTICE}`)
    assert.is((await ask(w.gate, '/docs/Private/notice')).body, 'public: /docs/Private/notice')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the folder store never reads outside its folder, whatever key the manifest names', async () => {
  const store = createFolderStore(join(fixtureDir, 'pages'))
  for (const key of ['../gate.json', 'docs/../../gate.json', '/etc/passwd', 'docs//Private/notice.json', 'docs\\Private\\notice.json', 'docs/Private/notice.json\u0000', './docs/Private/notice.json'])
    assert.is(await store.read(key), undefined, key)
  assert.is(new TextDecoder().decode(await store.read('docs/Private/notice.json')), '{"format":1,"path":"/docs/Private/notice","html":"<p>SECRET-NOTICE-BODY</p>"}\n')
  assert.is(await store.read('docs/Private'), undefined, 'a folder')
  assert.is(await store.read('docs/Private/notice.json/x'), undefined, 'below a file')
})

test('a damaged private output closes the gate: 503 for what it owns (never a body), the public files still served, the fault reported', async () => {
  const dir = copyOfFixture()
  try {
    const w = await emulatorWorld({ store: createFolderStore(dir) })
    const admin = await w.signIn('admin@example.test', ['admins'])
    rmSync(join(dir, 'pages/docs/Private/notice.json'))
    assert.equal([(await ask(w.gate, NOTICE, { token: admin })).status, w.problems], [503, ['the private folder lacks "pages/docs/Private/notice.json", which its manifest lists: rebuild the site']])
    rmSync(join(dir, 'shell.html'))
    assert.equal([(await ask(w.gate, '/docs/Private/notice')).status, w.problems.at(-1)], [503, 'the private folder lacks its sign-in shell "shell.html": rebuild the site'])
    writeFileSync(join(dir, 'gate.json'), '{"format":1,')
    const answer = await ask(w.gate, '/_docsgen/gate/navigation', { token: admin })
    assert.equal([answer.status, answer.body], [503, ''])
    assert.match(w.problems.at(-1)!, /^the private folder cannot be read: the gate manifest is not JSON: /)
    assert.is((await ask(w.gate, '/docs/Sanctum/intro')).body, 'public: /docs/Sanctum/intro')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the manifest is refused as a whole unless it is exactly what the build writes', () => {
  const refusals: [unknown, string][] = [
    [[], 'the gate manifest must be an object'],
    [{ format: 2 }, 'the gate manifest has format 2; this gate reads format 1 (rebuild the site)'],
    [{ format: 1, entries: [] }, 'entries must be an object'],
    [{ format: 1, entries: { '/a': { groups: [], file: 'a', type: '' } } }, 'entries["/a"].type must be a non-empty text'],
    [{ format: 1, entries: { '/a': { groups: 'admins', file: 'a', type: 'text/html' } } }, 'entries["/a"].groups must be a list'],
    [{ format: 1, entries: {}, navigation: [{ label: 'x' }] }, 'navigation[0].path must be a non-empty text'],
    [{ format: 1, entries: {}, navigation: [], baseUrl: '/', rules: [{ pattern: '(', groups: [] }] }, 'rules[0].pattern is not a regular expression'],
    [{ format: 1, entries: {}, navigation: [], baseUrl: '/', rules: [{ pattern: 'a', groups: [3] }] }, 'rules[0].groups[0] must be a non-empty text'],
    [{ format: 1, entries: {}, navigation: [], baseUrl: '/', rules: [] }, 'shell must be a non-empty text'],
  ]
  for (const [value, message] of refusals) {
    try {
      readGateManifest(JSON.stringify(value))
      assert.unreachable(message)
    } catch (error) {
      assert.instance(error, GateManifestError)
      assert.is((error as Error).message, message)
    }
  }
})

test('a key-value store (an edge runtime’s): text, bytes or nothing; the manifest reused for a few seconds, a failed read tried again', async () => {
  let now = 0
  let reads = 0
  let failing = false
  const values = new Map<string, string | Uint8Array | ArrayBuffer>([
    ['gate.json', manifestText],
    ['shell.html', new TextEncoder().encode('<p>shell</p>').buffer],
    ['pages/docs/Private/notice.json', new TextEncoder().encode('notice')],
  ])
  const store = createKeyValueStore(
    async (key) => {
      if (key === 'gate.json') {
        reads += 1
        if (failing) throw new Error('KV unavailable')
      }
      return values.get(key) ?? null
    },
    { now: () => now },
  )
  assert.ok(await store.index())
  await store.index()
  assert.is(reads, 1)
  now = 5000
  failing = true
  try {
    await store.index()
    assert.unreachable()
  } catch (error) {
    assert.is((error as Error).message, 'KV unavailable')
  }
  failing = false
  assert.ok(await store.index())
  assert.is(reads, 3)
  assert.is(new TextDecoder().decode(await store.read('shell.html')), '<p>shell</p>')
  assert.is(new TextDecoder().decode(await store.read('pages/docs/Private/notice.json')), 'notice')
  assert.is(await store.read('missing'), undefined)
  values.delete('gate.json')
  now = 10_000
  assert.is(await store.index(), undefined)
})

test('a site under a base URL: the gate answers below it only', async () => {
  const values = new Map([
    ['gate.json', manifestText.replace('"baseUrl": "/"', '"baseUrl": "/handbook/"')],
    ['shell.html', 'shell'],
    ['pages/docs/Private/notice.json', 'notice'],
  ])
  const w = await emulatorWorld({ store: createKeyValueStore(async (key) => values.get(key)) })
  const admin = await w.signIn('admin@example.test', ['admins'])
  assert.is((await ask(w.gate, `/handbook${NOTICE}`, { token: admin })).body, 'notice')
  assert.is((await ask(w.gate, '/handbook/docs/Private/x')).body, 'shell')
  assert.is((await ask(w.gate, NOTICE, { token: admin })).body, `public: ${NOTICE}`)
  assert.is((await ask(w.gate, '/docs/Private/notice')).body, 'public: /docs/Private/notice')
})

test('createGate refuses options that would weaken it', () => {
  const store = createFolderStore(fixtureDir)
  const base: GateOptions = { orgID: 'org-docs', baseURL: 'https://api.slashid.com/', store, next: publicAnswer }
  const cases: [Partial<GateOptions>, string][] = [
    [{ algorithms: ['ES256', 'none'] }, 'createGate: algorithms must list asymmetric signature algorithms only (RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519); refused: "none"'],
    [{ algorithms: ['HS256'] }, 'createGate: algorithms must list asymmetric signature algorithms only (RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519); refused: "HS256"'],
    [{ algorithms: [] }, 'createGate: algorithms must list asymmetric signature algorithms only (RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519); refused: an empty list'],
    [{ clockToleranceSeconds: 61 }, 'createGate: clockToleranceSeconds must be from 0 to 60, got 61'],
    [{ clockToleranceSeconds: Number.NaN }, 'createGate: clockToleranceSeconds must be from 0 to 60, got NaN'],
    [{ orgID: '' }, 'createGate: orgID must be the organization id at the provider'],
    [{ baseURL: 'api.slashid.com' }, 'createGate: baseURL must be an absolute URL, got "api.slashid.com"'],
    [{ baseURL: 'ftp://api.slashid.com' }, 'createGate: baseURL must be an http or https URL, got "ftp://api.slashid.com"'],
    [{ store: {} as never }, 'createGate: store must be a PrivateStore (createFolderStore or createKeyValueStore)'],
  ]
  for (const [change, message] of cases) assert.throws(() => createGate({ ...base, ...change }), (error: Error) => error instanceof TypeError && error.message === message, message)
  assert.ok(createGate(base).fetch)
})

test('without next, what the gate does not own is 404', async () => {
  const gate = createGate({ orgID: 'org-docs', baseURL: 'https://api.slashid.com', store: createFolderStore(fixtureDir) })
  const response = await gate.fetch(new Request('http://site.test/docs/Sanctum/intro'))
  assert.equal([response.status, await response.text()], [404, 'Not found\n'])
})

test.run()
