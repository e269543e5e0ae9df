import { renderToStaticMarkup } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { LoginGate } from '../../../src/client/theme/LoginGate.js'
import { NotFound } from '../../../src/client/theme/NotFound.js'

test('the not-found page says what happened and links home and to the docs introduction; the sign-in shell waits hidden', () => {
  assert.is(
    renderToStaticMarkup(<NotFound homeHref="/" docsHref="/docs/Sanctum/intro" />),
    '<main id="main-content" class="not-found">' +
      '<h1 class="not-found-title">Page Not Found</h1>' +
      '<div data-not-found=""><p class="not-found-text">We could not find what you were looking for.</p>' +
      '<p class="not-found-links"><a class="button" href="/">Go to the home page</a>' +
      '<a class="button button--secondary" href="/docs/Sanctum/intro">Read the docs introduction</a></p></div>' +
      `<div data-sign-in-shell="" hidden="">${renderToStaticMarkup(<LoginGate />)}</div>` +
      '</main>',
  )
})

test('without docs, the not-found page offers only the home page', () => {
  assert.is(
    renderToStaticMarkup(<NotFound homeHref="/handbook/" docsHref={undefined} />),
    '<main id="main-content" class="not-found">' +
      '<h1 class="not-found-title">Page Not Found</h1>' +
      '<div data-not-found=""><p class="not-found-text">We could not find what you were looking for.</p>' +
      '<p class="not-found-links"><a class="button" href="/handbook/">Go to the home page</a></p></div>' +
      `<div data-sign-in-shell="" hidden="">${renderToStaticMarkup(<LoginGate />)}</div>` +
      '</main>',
  )
})

test.run()
