import { transform } from 'esbuild'
import { readFileSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { stylesheetUrls } from '../../../src/node/render/theme-stylesheet.js'

// The whole theme stylesheet, as the build joins it.
const css = stylesheetUrls.map((url) => readFileSync(url, 'utf8')).join('\n')

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

test("it stays small as published (minified by the build): the layout's styles, and with those of page content", async () => {
  // Page content's styles: content.css, and code.css for code blocks.
  const layout = stylesheetUrls.filter((url) => !/\/(content|code)\.css$/.test(url.pathname)).map((url) => readFileSync(url, 'utf8')).join('\n')
  const published = async (text: string) => Buffer.byteLength((await transform(text, { loader: 'css', minify: true })).code)
  assert.ok((await published(layout)) < 24 * 1024, `${await published(layout)} bytes`)
  assert.ok((await published(css)) < 32 * 1024, `${await published(css)} bytes`)
})

test.run()
