import { renderToStaticMarkup } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { LoginButton } from '../../../src/client/theme/LoginButton.js'
import { LoginGate } from '../../../src/client/theme/LoginGate.js'

test('the Log in button has the spec text and the runtime hook', () => {
  assert.is(renderToStaticMarkup(<LoginButton />), '<button type="button" class="login-button" data-login-button="">Log in</button>')
})

test('the sign-in placeholder names no route (one shell for every private path) and offers Log in', () => {
  const html = renderToStaticMarkup(<LoginGate />)
  assert.ok(html.startsWith('<div class="login-gate" data-login-gate=""><svg class="login-gate-icon"'))
  assert.ok(
    html.endsWith(
      '</svg><h2 class="login-gate-title">Sign in to read this page</h2>' +
        '<p class="login-gate-text">This page is private. Its content is only sent to your browser after you sign in with an account that may read it.</p>' +
        '<button type="button" class="login-button login-gate-button" data-login-button="">Log in</button></div>',
    ),
    html,
  )
})

test('the padlock is decoration, hidden from assistive technology', () => {
  assert.match(renderToStaticMarkup(<LoginGate />), /<svg class="login-gate-icon"[^>]* aria-hidden="true"/)
})

test.run()
