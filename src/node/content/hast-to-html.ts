/**
 * A sanitised page tree as HTML, byte for byte what hast-util-to-html writes with the settings
 * rehype-stringify gave it (allowDangerousHtml, the rest its defaults), in a third of the time:
 * the library rebuilds its options and an array of parts for every node, and writing the HTML
 * was a fifth of the parse stage on the shared 1000-doc corpus. Only what a sanitised Markdown
 * page holds is written here (HTML elements, text, the highlighter's raw nodes); anything else
 * (a comment, a `<svg>`, `<template>`, `<script>` or `<style>`, an attribute it would have to
 * escape the name of or write as a comma-separated list) is left to the library, node by node.
 */
import type { Element, Properties, Root, RootContent } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { htmlVoidElements } from 'html-void-elements'
import { find, html as htmlSchema, type Info } from 'property-information'

const voids = new Set(htmlVoidElements)
// Elements whose contents the library writes by other rules than an HTML element's.
const ownRules = new Set(['svg', 'template', 'script', 'style'])
// An attribute name the library writes as it is (the characters it would escape in a name are not in it).
const plainName = /^[^\0\t\n\f\r "&'/<=>`]+$/
const textSpecial = /[<&]/g
// What a double-quoted attribute value escapes (hast-util-to-html's constants.double, strict).
const attributeSpecial = /[\0"&'`]/g
const infos = new Map<string, Info>()

export function hastToHtml(tree: Root): string {
  return childrenHtml(tree.children)
}

function childrenHtml(children: readonly RootContent[]): string {
  let html = ''
  for (const child of children) html += nodeHtml(child)
  return html
}

function nodeHtml(node: RootContent): string {
  if (node.type === 'text') return escape(node.value, textSpecial)
  if ((node as { type: string }).type === 'raw') return (node as unknown as { value: string }).value
  return (node.type === 'element' && elementHtml(node)) || toHtml(node, { allowDangerousHtml: true })
}

/** The element as the library writes it (no optional tag omitted, no void element closed with `/`); undefined to leave it to the library. */
function elementHtml(node: Element): string | undefined {
  if (ownRules.has(node.tagName)) return undefined
  const attributes = attributesHtml(node.properties)
  if (attributes === undefined) return undefined
  const content = childrenHtml(node.children)
  const open = `<${node.tagName}${attributes}>`
  return content === '' && voids.has(node.tagName.toLowerCase()) ? open : `${open}${content}</${node.tagName}>`
}

function attributesHtml(properties: Properties): string | undefined {
  let html = ''
  for (const key in properties) {
    const value = properties[key]
    if (value === null || value === undefined) continue
    const attribute = attributeHtml(key, value)
    if (attribute === undefined) return undefined
    if (attribute !== '') html += ` ${attribute}`
  }
  return html
}

/** One attribute, '' when the library leaves it out, undefined when it is left to the library. */
function attributeHtml(key: string, written: Properties[string]): string | undefined {
  let info = infos.get(key)
  if (info === undefined) infos.set(key, (info = find(htmlSchema, key)))
  if (!plainName.test(info.attribute) || (info.commaSeparated && Array.isArray(written))) return undefined
  let value = written
  if (info.overloadedBoolean && (value === info.attribute || value === '')) value = true
  else if ((info.boolean || info.overloadedBoolean) && (typeof value !== 'string' || value === info.attribute || value === '')) value = Boolean(value)
  if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value))) return ''
  if (value === true) return info.attribute
  const text = Array.isArray(value) ? value.join(' ').trim() : String(value)
  return `${info.attribute}="${escape(text, attributeSpecial)}"`
}

/** `special` characters as hexadecimal references, as stringify-entities writes them. */
function escape(text: string, special: RegExp): string {
  special.lastIndex = 0
  if (!special.test(text)) return text
  return text.replace(special, (character) => `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`)
}
