import { renderToStaticMarkup } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Footer } from '../../../src/client/theme/Footer.js'

const columns = [
  { title: 'Docs', items: [{ label: 'Introduction', href: '/docs/Sanctum/intro' }] },
  { title: 'More', items: [{ label: 'Markdown page', href: '/markdown-page' }] },
]

test('a dark footer draws its link columns and the copyright', () => {
  assert.is(
    renderToStaticMarkup(<Footer footer={{ style: 'dark', columns, copyright: 'Copyright © 2026 Sanctum.' }} />),
    '<footer class="footer footer--dark"><div class="footer-inner"><div class="footer-columns">' +
      '<div class="footer-column"><h2 class="footer-title">Docs</h2><ul class="footer-items"><li><a class="footer-link" href="/docs/Sanctum/intro">Introduction</a></li></ul></div>' +
      '<div class="footer-column"><h2 class="footer-title">More</h2><ul class="footer-items"><li><a class="footer-link" href="/markdown-page">Markdown page</a></li></ul></div>' +
      '</div><p class="footer-copyright">Copyright © 2026 Sanctum.</p></div></footer>',
  )
})

test('a light footer without columns or copyright is an empty landmark with the plain class', () => {
  assert.is(
    renderToStaticMarkup(<Footer footer={{ style: 'light', columns: [], copyright: '' }} />),
    '<footer class="footer"><div class="footer-inner"></div></footer>',
  )
})

test('copyright text with markup is escaped', () => {
  const html = renderToStaticMarkup(<Footer footer={{ style: 'dark', columns: [], copyright: '<b>Sanctum</b> & co' }} />)
  assert.match(html, '<p class="footer-copyright">&lt;b&gt;Sanctum&lt;/b&gt; &amp; co</p>')
})

test.run()
