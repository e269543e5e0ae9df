import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { findLeaks, findLeaksInParts, findPrivateFileNames, privateProbes } from '../../../src/node/validate/find-private-leaks.js'
import { formatDiagnostic, type Diagnostic } from '../../../src/shared/diagnostic.js'
import type { Manifest, Route } from '../../../src/shared/manifest.js'

const privateAccess = { private: true, groups: ['admins'], rules: ['/docs/Private/**'] } as const

function route(path: string, title: string, access: Route['access'] = privateAccess, source = `content${path}.md`): Route {
  return { path, kind: 'doc', title, description: undefined, source, file: `${path.slice(1)}.html`, access, headings: [], sidebar: 'sanctum', redirectTo: undefined }
}

const manifest: Manifest = {
  format: 1,
  baseUrl: '/handbook/',
  version: { name: 'current', label: 'Next', path: '/docs', mainDoc: 'intro', banner: undefined, isLast: true, noIndex: false },
  versions: [{ name: 'current', label: 'Next', path: '/docs', mainDoc: 'intro', banner: undefined, isLast: true, noIndex: false }],
  routes: [route('/docs/Private/OSINT & more', 'A private title of some length'), route('/docs/Private/', 'Private overview page', privateAccess, 'content/docs/Private/index.md'), route('/docs/intro', 'Introduction', { private: false })],
  privatePaths: [{ pattern: '^\\/docs\\/Private(?:\\/.*)?$', groups: ['admins'] }],
  sidebars: {},
  assets: [{ path: '/docs/Private/map.svg', source: 'content/docs/Private/map.svg', file: 'docs/Private/map.svg', access: privateAccess }],
}
const probes = privateProbes(manifest, [])
const found = (text: string, authored = '') => findLeaks('page.html', text, probes, authored).map(formatDiagnostic)

test('a private path anywhere a public file was generated is a leak, in every spelling: href, JSON, with an anchor or a query, with or without the final slash', () => {
  for (const text of ['<a href="/handbook/docs/Private/OSINT%20%26%20more">', '{"path": "/docs/Private/OSINT & more"}', "<a href='/handbook/docs/Private/OSINT%20%26%20more#x'>", '<a href="/docs/Private/OSINT &amp; more?y">', '<meta http-equiv="refresh" content="0; url=/handbook/docs/Private/OSINT%20%26%20more">'])
    assert.equal(found(text), [
      'content/docs/Private/OSINT & more.md: error: The path of private page "/docs/Private/OSINT & more" appears in the public file "page.html". Only a link an author writes in a public page may name a private page (it gets a private-link warning); anywhere else this is a docsgen bug. [docsgen:private-leak]',
    ], text)
  for (const text of ['"/docs/Private/"', '"/docs/Private"', '"/handbook/docs/Private/"']) assert.equal(found(text).length, 1, text)
  assert.equal(found('<img src="/handbook/docs/Private/map.svg">'), [
    'content/docs/Private/map.svg: error: The path of private file "/docs/Private/map.svg" appears in the public file "page.html". Only a link an author writes in a public page may name a private page (it gets a private-link warning); anywhere else this is a docsgen bug. [docsgen:private-leak]',
  ])
})

test('what is not a private path: a longer path, a public route, the rules as patterns, a path inside a sentence', () => {
  for (const text of ['"/docs/Private/OSINT & more/x"', '"/docs/Privateer"', '<a href="/handbook/docs/intro">', JSON.stringify(manifest.privatePaths), '"see /docs/Private/ for more"']) assert.equal(found(text), [], text)
})

test('a private path in the body the author wrote is their link (validate warns about it); private text in it is still a leak', () => {
  const body = '<p><a href="/handbook/docs/Private/">admins</a></p>'
  assert.equal(found(`<nav></nav><main>${body}</main>`, body), [])
  assert.equal(found(`<nav><a href="/handbook/docs/Private/">x</a></nav><main>${body}</main>`, body).length, 1)
  const quoting = '<h2>A private title of some length</h2>'
  assert.equal(found(quoting, quoting), [
    'content/docs/Private/OSINT & more.md: error: Text of private page "/docs/Private/OSINT & more" appears in the public file "page.html": "A private title of some length". This is a docsgen bug or a public page quoting private text; remove the text from the public page. [docsgen:private-leak]',
  ])
})

test('a text taken in parts: private text inside a part or across two is found, a path in a part too, each leak once, the parts passed on as they were', () => {
  const diagnostics: Diagnostic[] = []
  const parts = ['<h1>Intro</h1><p', '>A private title', ' of some length</p>', '{"path": "/docs/Private/OSINT & more"}', '>Private overview page<', ' and >Private overview page<']
  assert.equal([...findLeaksInParts('page.json', parts, probes, diagnostics)], parts)
  assert.equal(diagnostics.map(formatDiagnostic), [
    'content/docs/Private/OSINT & more.md: error: Text of private page "/docs/Private/OSINT & more" appears in the public file "page.json": "A private title of some length". This is a docsgen bug or a public page quoting private text; remove the text from the public page. [docsgen:private-leak]',
    'content/docs/Private/OSINT & more.md: error: The path of private page "/docs/Private/OSINT & more" appears in the public file "page.json". Only a link an author writes in a public page may name a private page (it gets a private-link warning); anywhere else this is a docsgen bug. [docsgen:private-leak]',
    'content/docs/Private/index.md: error: Text of private page "/docs/Private/" appears in the public file "page.json": "Private overview page". This is a docsgen bug or a public page quoting private text; remove the text from the public page. [docsgen:private-leak]',
  ])
})

test('a public file named after a private page or file, or served under a private rule, is a leak', () => {
  assert.equal(findPrivateFileNames(['docs/intro.html', 'index.html', 'docs/Privateer.html', 'assets/styles.css'], manifest), [])
  assert.equal(findPrivateFileNames(['docs/Private/OSINT & more.html', 'docs/Private/index.html', 'docs/Private/map.svg', 'docs/Private/other/x.png'], manifest).map(formatDiagnostic), [
    'content/docs/Private/OSINT & more.md: error: The public file "docs/Private/OSINT & more.html" is served at "/docs/Private/OSINT & more", the path of a private page or file. This is a docsgen bug: nothing named after a private page may be published. [docsgen:private-leak]',
    'content/docs/Private/index.md: error: The public file "docs/Private/index.html" is served at "/docs/Private", the path of a private page or file. This is a docsgen bug: nothing named after a private page may be published. [docsgen:private-leak]',
    'content/docs/Private/map.svg: error: The public file "docs/Private/map.svg" is served at "/docs/Private/map.svg", the path of a private page or file. This is a docsgen bug: nothing named after a private page may be published. [docsgen:private-leak]',
    'docs/Private/other/x.png: error: The public file "docs/Private/other/x.png" is served at "/docs/Private/other/x.png", a path a private-path rule covers. This is a docsgen bug: nothing named after a private page may be published. [docsgen:private-leak]',
  ])
})

test.run()
