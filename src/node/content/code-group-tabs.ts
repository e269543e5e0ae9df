/**
 * Draws VitePress's code groups and `::: tabs` containers (admonitions.ts's labelled panels) as
 * the tabs MDX's Tabs draws (src/client/mdx/Tabs.tsx), so the browser runtime switches them the
 * same way; the first panel is shown, so a reader without JavaScript sees it. A code block's
 * title is its tab's label, so it is not shown again in the panel. Runs on sanitised HTML: every
 * label and panel is content the sanitiser passed.
 */
import type { Element, ElementContent, Root } from 'hast'
import { toString } from 'hast-util-to-string'

export function drawTabGroups(tree: Root): void {
  let count = 0
  const visit = (parent: Root | Element) => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue
      visit(child)
      if (child.tagName === 'div' && hasClass(child, 'code-group')) draw(child, ++count)
    }
  }
  visit(tree)
}

function draw(group: Element, number: number): void {
  const panels = group.children.filter((child): child is Element => child.type === 'element' && hasClass(child, 'code-group-panel'))
  const idOf = (kind: string, index: number) => `${kind}-${number}-${index + 1}`
  const labels = panels.map((panel) => {
    const label = panel.children.find((child): child is Element => child.type === 'element' && hasClass(child, 'code-group-label'))
    return label ? toString(label).trim() : ''
  })
  const groupId = group.properties?.dataGroupId
  group.properties = { className: ['tabs', 'code-group'], ...(typeof groupId === 'string' ? { dataGroupId: groupId } : {}) }
  const tabs: Element[] = labels.map((label, index) => ({
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', role: 'tab', className: ['tabs-tab'], id: idOf('tab', index), ariaControls: [idOf('panel', index)], ariaSelected: String(index === 0), tabIndex: index === 0 ? 0 : -1, dataValue: label || `${index + 1}` },
    children: [{ type: 'text', value: label }],
  }))
  group.children = [
    { type: 'element', tagName: 'div', properties: { className: ['tabs-list'], role: 'tablist', ariaOrientation: 'horizontal' }, children: tabs },
    ...panels.map((panel, index): Element => ({
      type: 'element',
      tagName: 'div',
      properties: { role: 'tabpanel', className: ['tabs-panel'], id: idOf('panel', index), ariaLabelledBy: [idOf('tab', index)], dataValue: labels[index] || `${index + 1}`, hidden: index !== 0 },
      children: panel.children.filter((child) => !(child.type === 'element' && hasClass(child, 'code-group-label'))).map(withoutTitle),
    })),
  ]
}

/** A framed code block (reader-markup.ts) without its title: the tab shows it. */
function withoutTitle(child: ElementContent): ElementContent {
  if (child.type !== 'element' || !hasClass(child, 'code-block')) return child
  return { ...child, children: child.children.filter((inner) => !(inner.type === 'element' && hasClass(inner, 'code-block-title'))) }
}

function hasClass(node: Element, name: string): boolean {
  const classes = node.properties?.className
  return Array.isArray(classes) && classes.includes(name)
}
