import { renderToStaticMarkup } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { nestEntries, TableOfContents } from '../../../src/client/theme/TableOfContents.js'

test('headings become nested lists of in-page links', () => {
  assert.is(
    renderToStaticMarkup(
      <TableOfContents
        entries={[
          { depth: 2, id: 'install', text: 'Install' },
          { depth: 3, id: 'firewall', text: 'Firewall' },
          { depth: 3, id: 'virtual-host', text: 'Virtual host' },
          { depth: 2, id: 'troubleshooting', text: 'Troubleshooting' },
        ]}
      />,
    ),
    '<nav class="table-of-contents" aria-label="On this page"><p class="table-of-contents-title" aria-hidden="true">On this page</p>' +
      '<ul class="table-of-contents-list">' +
      '<li><a class="table-of-contents-link" href="#install">Install</a><ul class="table-of-contents-list">' +
      '<li><a class="table-of-contents-link" href="#firewall">Firewall</a></li>' +
      '<li><a class="table-of-contents-link" href="#virtual-host">Virtual host</a></li></ul></li>' +
      '<li><a class="table-of-contents-link" href="#troubleshooting">Troubleshooting</a></li>' +
      '</ul></nav>',
  )
})

test('a page without headings has no table of contents at all', () => {
  assert.is(renderToStaticMarkup(<TableOfContents entries={[]} />), '')
})

test('an entry deeper than everything before it still appears, at the top level', () => {
  const tree = nestEntries([
    { depth: 3, id: 'a', text: 'A' },
    { depth: 2, id: 'b', text: 'B' },
    { depth: 3, id: 'c', text: 'C' },
  ])
  assert.equal(
    tree.map((node) => [node.entry.id, node.children.map((child) => child.entry.id)]),
    [
      ['a', []],
      ['b', ['c']],
    ],
  )
})

test('heading text is escaped', () => {
  assert.match(renderToStaticMarkup(<TableOfContents entries={[{ depth: 2, id: 'x', text: '<em>x</em>' }]} />), '>&lt;em&gt;x&lt;/em&gt;</a>')
})

test.run()
