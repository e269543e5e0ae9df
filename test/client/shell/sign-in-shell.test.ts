/**
 * The not-found page as the sign-in shell on a static host: its script shows "sign in" for a
 * path under a private rule (in the gate's canonical form) and leaves "not found" for any other.
 * Through the page the build writes, in happy-dom, running the bundled script itself.
 */
import { Window } from 'happy-dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { showSignInShell } from '../../../src/client/shell/sign-in-shell.js'
import { build } from '../../../src/node/build.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const notFoundPage = await withFixtureSite('private-markers', async (site) => {
  await build({ siteDir: site.dir })
  return site.read('build/404.html')
})

/** The page as a browser shows it at `path`: its scripts run (happy-dom runs inline scripts). */
async function open(path: string, html = notFoundPage) {
  const window = new Window({ url: `https://probe.example${path}`, settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } })
  window.document.write(html)
  await window.happyDOM.waitUntilComplete()
  const document = window.document
  const visible = (selector: string) => !document.querySelector(selector)!.hasAttribute('hidden')
  const shown = { signIn: visible('[data-sign-in-shell]'), notFound: visible('[data-not-found]'), heading: document.querySelector('main h1')!.textContent, title: document.title }
  await window.happyDOM.close()
  return shown
}

const signIn = { signIn: true, notFound: false, heading: 'Private page', title: 'Private page | Probe Docs' }
const notFound = { signIn: false, notFound: true, heading: 'Page Not Found', title: 'Page Not Found | Probe Docs' }

test('a path under a private rule, page or not, in any spelling the gate reads as it: the sign-in shell', async () => {
  for (const path of ['/docs/Closed/MARKERFILE-plan', '/docs/Closed/no-such-page', '/docs/Closed', '/docs/Closed/', '/docs/Closed/x.html', '/docs/Closed/x/index.html', '/docs/Open/%2e%2e/Closed/x', '/docs/Cl%6Fsed/x', '/docs/Members/anything?q=1'])
    assert.equal(await open(path), signIn, path)
})

test('any other path, or one that names no route: not found', async () => {
  for (const path of ['/docs/closed/x', '/docs/Closedx', '/docs//Closed/x', '/docs/Closed%2Fx', '/docs/Open/nothing', '/nothing']) assert.equal(await open(path), notFound, path)
})

test('a page without the shell data or its parts stays as it is', async () => {
  assert.equal(await open('/docs/Closed/x', notFoundPage.replace(/<script type="application\/json" id="docsgen-sign-in-shell"[^]*?<\/script>/, '')), notFound)
  assert.equal(await open('/docs/Closed/x', notFoundPage.replace('"patterns":["', '"patterns":["(').replace('"privatePatterns":["', '"privatePatterns":["(')), notFound, 'an invalid pattern matches nothing')
  const window = new Window({ url: 'https://probe.example/docs/Closed/x' })
  window.document.write('<main><h1>x</h1></main>')
  assert.is(showSignInShell(window.document as unknown as Document, '/docs/Closed/x'), false)
  await window.happyDOM.close()
})

test('under a base URL, only paths below it', async () => {
  const page = notFoundPage.replaceAll('"baseUrl":"/"', '"baseUrl":"/handbook/"')
  assert.equal(await open('/handbook/docs/Closed/x', page), signIn)
  assert.equal(await open('/docs/Closed/x', page), notFound)
})

test.run()
