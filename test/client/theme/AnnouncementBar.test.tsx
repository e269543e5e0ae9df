import { renderToStaticMarkup } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { AnnouncementBar } from '../../../src/client/theme/AnnouncementBar.js'

const bar = { id: 'private-pages-2026', content: 'Use "Log in" to read private pages.', backgroundColor: '#fff7d6', textColor: '#091E42', isCloseable: true }

test('a closeable bar shows its text in its colours, with a close button carrying its id', () => {
  assert.is(
    renderToStaticMarkup(<AnnouncementBar bar={bar} />),
    '<div class="announcement-bar" role="region" aria-label="Announcement" data-announcement-bar="" data-announcement-id="private-pages-2026" style="background-color:#fff7d6;color:#091E42;--announcement-background:#fff7d6">' +
      '<p class="announcement-bar-content">Use &quot;Log in&quot; to read private pages.</p>' +
      '<button type="button" class="announcement-bar-close" data-announcement-close="" data-announcement-id="private-pages-2026" aria-label="Close"><span aria-hidden="true">×</span></button>' +
      '</div>',
  )
})

test('a bar that cannot be closed has no close button', () => {
  const html = renderToStaticMarkup(<AnnouncementBar bar={{ ...bar, isCloseable: false }} />)
  assert.not.match(html, '<button')
  assert.match(html, '<p class="announcement-bar-content">Use &quot;Log in&quot; to read private pages.</p></div>')
})

test('HTML in the content is shown as text, never parsed', () => {
  const html = renderToStaticMarkup(<AnnouncementBar bar={{ ...bar, content: '<img src=x onerror=alert(1)>' }} />)
  assert.match(html, '<p class="announcement-bar-content">&lt;img src=x onerror=alert(1)&gt;</p>')
  assert.not.match(html, '<img')
})

test.run()
