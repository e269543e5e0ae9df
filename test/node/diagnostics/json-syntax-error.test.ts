import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { jsonSyntaxError } from '../../../src/node/diagnostics/json-syntax-error.js'

test('JSON errors in our words, at the offset we find, whatever the engine says', () => {
  const cases: [string, number | undefined, string][] = [
    ['', 0, 'Invalid JSON: the file is empty'],
    ['{ "label": "Other",, }', 19, 'Invalid JSON: expected a property name in double quotes'],
    ['{ "label": "A" ', 15, 'Invalid JSON: the file ends too early'],
    ['{ "label": "A" } more', 17, 'Invalid JSON: unexpected character "m"'],
    ["{ 'label': 'A' }", 2, 'Invalid JSON: unexpected character "\'"'],
    ['{ "label" "A" }', 10, 'Invalid JSON: expected ":" after the property name'],
    ['{ "a": 1 "b": 2 }', 9, 'Invalid JSON: expected "," before the next entry'],
    ['[1, 2,]', 6, 'Invalid JSON: expected a value'],
    ['// a comment\n{}', 0, 'Invalid JSON: comments are not allowed in JSON'],
    ['{ "label": "a\tb" }', 11, 'Invalid JSON: a control character (a tab or line break) in the string; write it as \\t or \\n'],
    ['{ "label": "\\q" }', 11, 'Invalid JSON: invalid escape in the string'],
    // Deep enough to overflow the recursive scanner's stack: refused before it runs.
    [`{ "label": "[", "x": ${'['.repeat(20_000)}${']'.repeat(19_999)} }`, 84, 'Invalid JSON: nested more than 64 levels deep'],
  ]
  for (const [text, offset, message] of cases) {
    assert.throws(() => JSON.parse(text))
    assert.equal(jsonSyntaxError(text), { offset, message }, text)
  }
})

test.run()
