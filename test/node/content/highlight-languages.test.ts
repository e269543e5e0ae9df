import { createRequire } from 'node:module'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { embeddedLanguages, languageModules } from '../../../src/node/content/highlight-languages.js'

const hljs = createRequire(import.meta.url)('highlight.js') as typeof import('highlight.js').default

test("the table names every language and alias of the installed highlight.js (else run scripts/list-highlight-languages.mjs)", () => {
  const expected: Record<string, string> = {}
  for (const name of hljs.listLanguages()) {
    expected[name] = name
    for (const alias of hljs.getLanguage(name)?.aliases ?? []) expected[alias.toLowerCase()] ??= name
  }
  assert.equal({ ...languageModules }, expected)
  for (const [name, embedded] of Object.entries(embeddedLanguages)) for (const language of [name, ...embedded]) assert.ok(hljs.getLanguage(language), language)
  assert.equal(embeddedLanguages.xml, ['css', 'javascript'])
})

test.run()
