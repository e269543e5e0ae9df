/**
 * Static parts of an MDX page compiled to HTML once, at build time: every element whose subtree
 * holds no JSX, no expression and no ESM becomes that same element with its children given as
 * HTML (`dangerouslySetInnerHTML`). The compiled program then carries one string where it had a
 * call per element, which is what makes a large MDX site slow to compile, bundle and render.
 *
 * The HTML is React's own (renderToStaticMarkup of the elements the compiled page would have
 * made), so the page renders byte for byte as before. Two cases keep the slow path, because the
 * element itself would differ there: content inside a component that might read its children's
 * props (anything but docsgen's built-in components), and a file whose elements may be replaced
 * through `components` (see `showsPartialWithComponents` in parse-mdx.ts).
 */
import type { Program, Property } from 'estree'
import type { Element, ElementContent, Root, RootContent } from 'hast'
import { toEstree } from 'hast-util-to-estree'
import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import type { MdxJsxAttribute, MdxJsxFlowElementHast } from 'mdast-util-mdx-jsx'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import { renderToStaticMarkup } from 'react-dom/server'

/**
 * Inlines the static subtrees of `tree`, in place. `safeComponents`: the JSX names known to
 * render their children as given (inside any other JSX element nothing is inlined).
 */
export function inlineStaticHtml(tree: Root, safeComponents: ReadonlySet<string>): void {
  const visit = (parent: Root | Element | MdxJsxFlowElementHast): void => {
    parent.children.forEach((child, index) => {
      if (child.type === 'element') {
        if (isStatic(child)) {
          if (child.children.length > 0) parent.children[index] = withHtmlChildren(child) as ElementContent
        } else visit(child)
      } else if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && opensTo(child.name, safeComponents)) visit(child as MdxJsxFlowElementHast)
    })
  }
  visit(tree)
}

/** Lowercase JSX (`<details>`) is an HTML element; a component is safe only if it is one of docsgen's own. */
function opensTo(name: string | null, safeComponents: ReadonlySet<string>): boolean {
  return name !== null && (/^[a-z][a-z0-9]*$/.test(name) || safeComponents.has(name))
}

const staticCache = new WeakMap<Element, boolean>()

/**
 * Elements React renders differently in context: it announces each image (and hoists these
 * others) at the start of the page's markup, which HTML rendered apart would move; an option is
 * selected by the value of the select around it.
 */
const inContext = new Set(['img', 'link', 'meta', 'script', 'style', 'title', 'base', 'select', 'option', 'textarea'])

function isStatic(element: Element): boolean {
  let known = staticCache.get(element)
  if (known === undefined) {
    known = !inContext.has(element.tagName) && element.children.every((child: RootContent) => child.type === 'text' || child.type === 'comment' || (child.type === 'element' && isStatic(child)))
    staticCache.set(element, known)
  }
  return known
}

/** The element, its properties as the compiler would have written them, its children as HTML. */
function withHtmlChildren(element: Element): MdxJsxFlowElementHast {
  const attributes = jsxAttributesOf(element)
  attributes.push({ type: 'mdxJsxAttribute', name: 'dangerouslySetInnerHTML', value: expressionValue({ type: 'ObjectExpression', properties: [htmlProperty(innerHtml(element))] }) })
  // Explicit: a JSX element of the page, never looked up in `components`.
  return { type: 'mdxJsxFlowElement', name: element.tagName, attributes, children: [], data: { _mdxExplicitJsx: true } }
}

/** React's markup of the element's children (rendered whole, so table whitespace is handled as in its context). */
function innerHtml(element: Element): string {
  const markup = renderToStaticMarkup(toJsxRuntime(element, { Fragment, jsx, jsxs }) as never)
  const start = markup.indexOf('>') + 1
  return markup.slice(start, markup.length - `</${element.tagName}>`.length)
}

function jsxAttributesOf(element: Element): MdxJsxAttribute[] {
  if (Object.keys(element.properties).length === 0) return []
  const program = toEstree({ type: 'root', children: [{ ...element, children: [] }] })
  const statement = program.body[0]
  const fragment = statement?.type === 'ExpressionStatement' ? statement.expression : undefined
  const jsxElement = fragment?.type === 'JSXFragment' ? fragment.children[0] : undefined
  if (jsxElement?.type !== 'JSXElement') throw new Error(`hast-util-to-estree made no element of <${element.tagName}>`)
  return jsxElement.openingElement.attributes.map((attribute) => {
    if (attribute.type !== 'JSXAttribute') throw new Error(`hast-util-to-estree spread the properties of <${element.tagName}>`)
    const name = attribute.name.type === 'JSXIdentifier' ? attribute.name.name : `${attribute.name.namespace.name}:${attribute.name.name.name}`
    const value = attribute.value
    if (value === null || value === undefined) return { type: 'mdxJsxAttribute', name, value: null }
    if (value.type === 'Literal' && typeof value.value === 'string') return { type: 'mdxJsxAttribute', name, value: value.value }
    if (value.type === 'JSXExpressionContainer' && value.expression.type !== 'JSXEmptyExpression') return { type: 'mdxJsxAttribute', name, value: expressionValue(value.expression) }
    throw new Error(`hast-util-to-estree wrote an unexpected value for ${name} on <${element.tagName}>`)
  })
}

function expressionValue(expression: Extract<Program['body'][number], { type: 'ExpressionStatement' }>['expression']): MdxJsxAttribute['value'] {
  const estree: Program = { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression }], comments: [] }
  return { type: 'mdxJsxAttributeValueExpression', value: '', data: { estree } }
}

function htmlProperty(html: string): Property {
  return { type: 'Property', kind: 'init', method: false, shorthand: false, computed: false, key: { type: 'Identifier', name: '__html' }, value: { type: 'Literal', value: html } }
}
