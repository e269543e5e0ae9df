/**
 * VitePress's `[[toc]]` (VitePress flavour): a paragraph of just that becomes the page's table
 * of contents, its level 2 and 3 headings (VitePress's default) as nested lists of links. Runs
 * on sanitised HTML, with the headings the page ended up with.
 */
import type { Element, Root } from 'hast'
import type { Heading } from '../../shared/manifest.js'

export function fillTableOfContents(tree: Root, headings: readonly Heading[]): void {
  if (!tree.children.some(isMarker)) return
  const contents = list(headings.filter((heading) => heading.depth === 2 || heading.depth === 3))
  tree.children.forEach((child, at) => {
    if (isMarker(child)) tree.children[at] = structuredClone(contents)
  })
}

function isMarker(node: Root['children'][number]): boolean {
  return node.type === 'element' && node.tagName === 'p' && node.children.length === 1 && node.children[0]?.type === 'text' && node.children[0].value.trim() === '[[toc]]'
}

/** Nested lists (styled as MDX's TOCInline): a heading deeper than the one before it goes into that one's item. */
function list(headings: readonly Heading[]): Element {
  const root: Element = { type: 'element', tagName: 'ul', properties: { className: ['toc-inline'] }, children: [] }
  const open: { depth: number; list: Element; item: Element | undefined }[] = [{ depth: 0, list: root, item: undefined }]
  for (const heading of headings) {
    while (open.length > 1 && open[open.length - 1]!.depth >= heading.depth) open.pop()
    const top = open[open.length - 1]!
    let target = top.list
    if (top.item !== undefined) {
      const nested = top.item.children[top.item.children.length - 1]
      if (nested?.type === 'element' && nested.tagName === 'ul') target = nested
      else top.item.children.push((target = { type: 'element', tagName: 'ul', properties: {}, children: [] }))
    }
    const item: Element = { type: 'element', tagName: 'li', properties: {}, children: [{ type: 'element', tagName: 'a', properties: { href: `#${heading.id}` }, children: [{ type: 'text', value: heading.text }] }] }
    target.children.push(item)
    open.push({ depth: heading.depth, list: target, item })
  }
  return root
}
