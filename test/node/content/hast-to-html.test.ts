import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Element, ElementContent, Root } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { hastToHtml } from '../../../src/node/content/hast-to-html.js'

// Properties as a page's tree may hold them, which hast's types narrow further than the serialiser may assume.
const element = (tagName: string, properties: Record<string, unknown>, children: ElementContent[] = []): Element => ({ type: 'element', tagName, properties: properties as Element['properties'], children })
const text = (value: string): ElementContent => ({ type: 'text', value })
const raw = (value: string) => ({ type: 'raw', value }) as unknown as ElementContent
const root = (...children: Root['children']): Root => ({ type: 'root', children })
// What rehype-stringify wrote before: the output must stay byte for byte the same.
const library = (tree: Root) => toHtml(tree, { allowDangerousHtml: true })

test('text and attribute values escape what the library escapes, as hexadecimal references', () => {
  const tree = root(
    element('p', { title: 'a "b" & \'c\' `d` <e> \0' }, [text('x < y && z > w "q" \'r\'')]),
    element('a', { href: 'https://example.com/?a=1&b=2', className: ['one', 'two '], dataFootnoteRef: true, ariaDescribedBy: 'footnote-label', id: 'user-content-fnref-1' }, [text('link')]),
  )
  const expected =
    '<p title="a &#x22;b&#x22; &#x26; &#x27;c&#x27; &#x60;d&#x60; <e> &#x0;">x &#x3C; y &#x26;&#x26; z > w "q" \'r\'</p>' +
    '<a href="https://example.com/?a=1&#x26;b=2" class="one two" data-footnote-ref aria-describedby="footnote-label" id="user-content-fnref-1">link</a>'
  assert.is(hastToHtml(tree), expected)
  assert.is(library(tree), expected)
})

test('booleans (an empty string is false), empty, missing and numeric values; void elements with and without children; raw nodes as they are', () => {
  const tree = root(
    element('input', { type: 'checkbox', checked: true, disabled: false, value: '' }),
    element('ol', { start: 3, hidden: null, title: undefined }, [element('li', {}, [text('one')])]),
    element('img', { src: 'a.png', alt: '', width: Number.NaN }),
    element('br', {}, [text('odd')]),
    element('p', {}, []),
    element('code', { className: ['language-ts', 'hljs'] }, [raw('<span class="code-line">a &#x3C; b</span>')]),
    element('details', { open: '' }, [element('summary', {}, [text('More')])]),
  )
  const expected =
    '<input type="checkbox" checked value="">' +
    '<ol start="3"><li>one</li></ol>' +
    '<img src="a.png" alt="">' +
    '<br>odd</br>' +
    '<p></p>' +
    '<code class="language-ts hljs"><span class="code-line">a &#x3C; b</span></code>' +
    '<details><summary>More</summary></details>'
  assert.is(hastToHtml(tree), expected)
  assert.is(library(tree), expected)
})

test('what a sanitised page does not hold is written by the library: comments, svg, script text, comma-separated lists', () => {
  const tree = root(
    { type: 'comment', value: ' note ' },
    element('svg', { viewBox: '0 0 1 1' }, [element('path', { strokeLinecap: 'round' })]),
    element('script', {}, [text('a < b && c')]),
    element('input', { accept: ['image/png', 'image/jpeg'] }),
    element('div', { 'a"b': 'x' }, [text('odd name')]),
  )
  assert.is(
    hastToHtml(tree),
    '<!-- note -->' +
      '<svg viewBox="0 0 1 1"><path stroke-linecap="round"></path></svg>' +
      '<script>a < b && c</script>' +
      '<input accept="image/png, image/jpeg">' +
      '<div a&#x22;b="x">odd name</div>',
  )
  assert.is(hastToHtml(tree), library(tree))
})

test.run()
