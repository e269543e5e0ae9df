import { transform } from 'esbuild'
import { readFileSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const css = readFileSync(new URL('../../../src/client/theme/styles.css', import.meta.url), 'utf8')

test('the mobile layout starts at the spec breakpoint, 996px', () => {
  assert.match(css, '@media (max-width: 996px) {')
  assert.not.match(css, /max-width: 99[0-57-9]px/)
})

test('dark colours apply from data-theme, which the build always sets (its head script follows the system)', () => {
  assert.match(css, "html[data-theme='dark'] {\n  --color-bg:")
  assert.not.match(css, 'prefers-color-scheme')
})

test('the stylesheet loads nothing else: no imports, fonts or images', () => {
  assert.not.match(css, '@import')
  assert.not.match(css, '@font-face')
  assert.not.match(css, 'url(')
})

test('the skip link is off screen until focused', () => {
  assert.match(css, '.skip-link:focus {\n  top: 0.75rem;')
})

test('it stays small as published (minified by the build)', async () => {
  const published = (await transform(css, { loader: 'css', minify: true })).code
  assert.ok(Buffer.byteLength(published) < 24 * 1024, `${Buffer.byteLength(published)} bytes`)
})

test.run()
