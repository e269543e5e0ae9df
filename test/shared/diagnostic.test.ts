/** How a diagnostic reads in a report: place, severity, message, fix and rule, as one line. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { diagnostic, formatDiagnostic } from '../../src/shared/diagnostic.js'

test('a message gets its full stop, once: one that ends a sentence already (a thrown error) keeps its own', () => {
  const withStop = diagnostic({ file: 'docs/a.mdx', line: 3, column: 1, ruleId: 'page-render-failed', message: 'The page threw while rendering: Expected component `Badge` to be defined: you likely forgot to import, pass, or provide it.' })
  const asked = diagnostic({ file: 'docs/b.md', ruleId: 'page-render-failed', message: 'The page threw while rendering: why?', suggestion: 'Fix the page.' })
  const plain = diagnostic({ file: 'docs/c.md', line: 1, ruleId: 'missing-route', message: 'Link "/x" matches no page', suggestion: 'Link to an existing route.' })
  assert.equal([withStop, asked, plain].map(formatDiagnostic), [
    'docs/a.mdx:3:1: error: The page threw while rendering: Expected component `Badge` to be defined: you likely forgot to import, pass, or provide it. [docsgen:page-render-failed]',
    'docs/b.md: error: The page threw while rendering: why? Fix the page. [docsgen:page-render-failed]',
    'docs/c.md:1:1: error: Link "/x" matches no page. Link to an existing route. [docsgen:missing-route]',
  ])
})

test.run()
