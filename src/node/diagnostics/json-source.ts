/**
 * JSON for the reading kit (src/shared/read-value.ts): a locator that turns a value path back into
 * its line and column in the text. The syntax tree is built on the first problem only: files
 * without problems never pay for it.
 */
import jsonc from 'jsonc-parser'
import type { Locator } from '../../shared/read-value.js'
import { createPositionLookup } from './locate-in-source.js'

/** For text JSON.parse accepted (so it holds no deeper nesting than the parser's own limit). */
export function jsonLocator(text: string): Locator {
  let tree: { root: jsonc.Node | undefined; positionOf: ReturnType<typeof createPositionLookup> } | undefined
  return (path, part) => {
    tree ??= { root: jsonc.parseTree(text), positionOf: createPositionLookup(text) }
    if (!tree.root) return undefined
    // The deepest part of the path that is written: a missing key is placed at the mapping that lacks it.
    let node: jsonc.Node | undefined
    for (let length = path.length; length >= 0 && !node; length--) node = jsonc.findNodeAtLocation(tree.root, [...path.slice(0, length)])
    if (!node) return undefined
    // A key is placed at its first letter, inside its quotes, as in YAML and TypeScript sources.
    const key = part === 'key' && node.parent?.type === 'property' ? node.parent.children?.[0] : undefined
    return tree.positionOf(key ? key.offset + 1 : node.offset)
  }
}
