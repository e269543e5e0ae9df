import { renderToStaticMarkup } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Breadcrumbs } from '../../../src/client/theme/Breadcrumbs.js'
import { PaginationNav } from '../../../src/client/theme/PaginationNav.js'

test('breadcrumbs: home, the categories (linked when they have a page), then the current page', () => {
  assert.is(
    renderToStaticMarkup(
      <Breadcrumbs
        trail={[
          { label: 'Sanctum', href: '/docs/category/sanctum' },
          { label: 'Lotus Byte', href: undefined },
        ]}
        current="Changelog"
        homeHref="/"
      />,
    ),
    '<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol class="breadcrumbs-list">' +
      '<li class="breadcrumbs-item"><a class="breadcrumbs-link" href="/">Home</a></li>' +
      '<li class="breadcrumbs-item"><a class="breadcrumbs-link" href="/docs/category/sanctum">Sanctum</a></li>' +
      '<li class="breadcrumbs-item"><span class="breadcrumbs-text">Lotus Byte</span></li>' +
      '<li class="breadcrumbs-item breadcrumbs-item--current" aria-current="page"><span class="breadcrumbs-text">Changelog</span></li>' +
      '</ol></nav>',
  )
})

test('previous and next links carry rel and their labels', () => {
  assert.is(
    renderToStaticMarkup(<PaginationNav previous={{ label: 'Intro', href: '/docs/Sanctum/intro' }} next={{ label: 'Setup & run', href: '/docs/b' }} />),
    '<nav class="pagination-nav" aria-label="Docs pages">' +
      '<a class="pagination-nav-link pagination-nav-link--previous" href="/docs/Sanctum/intro" rel="prev"><span class="pagination-nav-sublabel">Previous</span><span class="pagination-nav-label">Intro</span></a>' +
      '<a class="pagination-nav-link pagination-nav-link--next" href="/docs/b" rel="next"><span class="pagination-nav-sublabel">Next</span><span class="pagination-nav-label">Setup &amp; run</span></a>' +
      '</nav>',
  )
})

test('only a next link on the first doc; nothing when there is neither', () => {
  const html = renderToStaticMarkup(<PaginationNav previous={undefined} next={{ label: 'B', href: '/b' }} />)
  assert.not.match(html, 'Previous')
  assert.match(html, 'rel="next"')
  assert.is(renderToStaticMarkup(<PaginationNav previous={undefined} next={undefined} />), '')
})

test.run()
