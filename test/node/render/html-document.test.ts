import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Page } from '../../../src/client/theme/Page.js'
import { htmlDocument } from '../../../src/node/render/html-document.js'
import type { PageView, SiteView } from '../../../src/shared/page-view.js'
import { samplePage, sampleSite } from '../../client/theme/sample-props.js'

const document = (page: PageView, site: SiteView = sampleSite(), extra: Partial<Parameters<typeof htmlDocument>[0]> = {}) =>
  htmlDocument({ site, page, body: renderToStaticMarkup(createElement(Page, { site, page, sidebar: undefined })), stylesheets: ['/_docsgen/styles.abc.css'], redirectTo: undefined, noIndex: false, ...extra })

test('a doc page: its title, description, one canonical URL and the tags link previews read', () => {
  const html = document(samplePage({ path: '/docs/Lotus Byte/', title: 'Lotus "Byte"', description: 'The <tool>.' }))
  for (const tag of [
    '<title>Lotus &quot;Byte&quot; | Sanctum</title>',
    '<meta name="description" content="The &lt;tool&gt;.">',
    '<link rel="canonical" href="https://docs.example.org/docs/Lotus%20Byte/">',
    '<meta property="og:type" content="article">',
    '<meta property="og:title" content="Lotus &quot;Byte&quot;">',
    '<meta property="og:description" content="The &lt;tool&gt;.">',
    '<meta property="og:url" content="https://docs.example.org/docs/Lotus%20Byte/">',
    '<meta property="og:site_name" content="Sanctum">',
    '<meta property="og:locale" content="en">',
    '<meta name="twitter:card" content="summary">',
  ])
    assert.match(html, tag)
})

test("the home page: the site's title and tagline", () => {
  const html = document(samplePage({ path: '/', kind: 'page', layout: 'plain', description: 'Guides from the IT team.' }), sampleSite({ url: undefined, baseUrl: '/handbook/' }))
  assert.match(html, '<title>Sanctum · Dinosaurs are cool</title>')
  assert.match(html, '<meta name="description" content="Guides from the IT team.">')
  assert.match(html, '<meta property="og:type" content="website">')
  // Without the production URL the canonical address is a path, and there is no og:url.
  assert.match(html, '<link rel="canonical" href="/handbook/">')
  assert.not.match(html, 'og:url')
})

test('pages that must not be indexed (private shells, 404) and redirects carry no canonical address of their own nor previews', () => {
  const shell = document(samplePage({ title: 'Private page', description: undefined, gated: true }), sampleSite(), { noIndex: true })
  assert.match(shell, '<meta name="robots" content="noindex">')
  assert.not.match(shell, /canonical|og:|description/)
  const redirect = document(samplePage({ path: '/docs' }), sampleSite(), { redirectTo: '/docs/intro' })
  assert.match(redirect, '<meta http-equiv="refresh" content="0; url=/docs/intro"><link rel="canonical" href="/docs/intro">')
  assert.is(redirect.split('rel="canonical"').length, 2)
})

test('the favicon, the runtime and its settings; no value can close the settings script', () => {
  const html = document(samplePage(), sampleSite(), {
    favicon: '/_docsgen/favicon-1.svg',
    runtime: {
      script: '/_docsgen/runtime-X.js',
      config: { baseUrl: '/', privatePatterns: ['</script><script>alert(1)</script>'], searchModule: undefined, docsVersion: 'current', build: 'b', respectPrefersColorScheme: false },
    },
  })
  assert.match(html, '<link rel="icon" href="/_docsgen/favicon-1.svg" type="image/svg+xml">')
  assert.match(html, '<script type="module" src="/_docsgen/runtime-X.js"></script>')
  assert.match(html, '<script type="application/json" id="docsgen-config">{"baseUrl":"/","privatePatterns":["\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"]')
  assert.is(html.split('</script>').length, 4, 'the head script, the settings and the runtime: three elements')
  assert.match(document(samplePage(), sampleSite(), { favicon: '/img/favicon.ico' }), '<link rel="icon" href="/img/favicon.ico">')
})

test('the head script applies a stored mode, or the system one when the site follows it, before first paint', () => {
  const follows = document(samplePage())
  assert.match(follows, "try{t=localStorage.getItem('theme');a=localStorage.getItem('docsgen.announcement.dismissed')}catch(e){}")
  assert.match(follows, "if(!t&&window.matchMedia)t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';")
  const fixed = document(samplePage(), sampleSite({ colorMode: { defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: false } }))
  assert.not.match(fixed, 'prefers-color-scheme')
  assert.match(fixed, '<html lang="en" dir="ltr" data-theme="dark">')
})

test.run()
