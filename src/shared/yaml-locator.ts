/**
 * A locator for the reading kit (read-value.ts) over a document parsed by the `yaml` package.
 * The package's type guards are passed in, so that this module imports no package at run time
 * and serves the build, the emulator's fixtures and the harness alike.
 */
import type { Document, Node as YamlNode, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml'
import type { Locator, SourcePosition, ValuePath } from './read-value.js'

/** The `yaml` package's own guards: `import { isMap, isPair, isScalar, isSeq } from 'yaml'`. */
export interface YamlGuards {
  readonly isMap: (node: unknown) => node is YAMLMap
  readonly isSeq: (node: unknown) => node is YAMLSeq
  readonly isPair: (node: unknown) => node is Pair
  readonly isScalar: (node: unknown) => node is Scalar
}

/** The form keys are compared in (fixtures accept snake_case for camelCase); the key as written by default. */
export type KeyForm = (key: string) => string

/**
 * Finds a path's key or value node; a path that goes further than the document gives its deepest
 * existing part. Each mapping's keys are indexed on first use, so a document with thousands of
 * problems is located in linear time.
 */
export function yamlNodeFinder(document: Document, guards: YamlGuards, keyForm: KeyForm = (key) => key): (path: ValuePath, part: 'key' | 'value') => YamlNode | undefined {
  const { isMap, isPair, isScalar, isSeq } = guards
  const indexes = new WeakMap<YAMLMap, Map<string, Pair>>()
  const pairOf = (map: YAMLMap, step: string): Pair | undefined => {
    let index = indexes.get(map)
    if (!index) {
      index = new Map()
      for (const item of map.items) if (isPair(item) && isScalar(item.key) && !index.has(keyForm(String(item.key.value)))) index.set(keyForm(String(item.key.value)), item)
      indexes.set(map, index)
    }
    return index.get(keyForm(step))
  }
  return (path, part) => {
    let node: unknown = document.contents
    let found: YamlNode | undefined = document.contents ?? undefined
    for (const [index, step] of path.entries()) {
      if (isSeq(node) && typeof step === 'number') {
        node = node.items[step]
      } else if (isMap(node)) {
        const pair = pairOf(node, String(step))
        if (!pair) break
        if (index === path.length - 1 && part === 'key') return pair.key as YamlNode
        node = pair.value ?? pair.key
      } else {
        break
      }
      if (!(node as YamlNode | undefined)?.range) break
      found = node as YamlNode
    }
    return found
  }
}

/** The locator: where a path's key or value starts, by `positionAt` of its offset in the text. */
export function yamlLocator(document: Document, guards: YamlGuards, positionAt: (offset: number) => SourcePosition, keyForm?: KeyForm): Locator {
  const find = yamlNodeFinder(document, guards, keyForm)
  return (path, part) => {
    const node = find(path, part)
    return node?.range ? positionAt(node.range[0]) : undefined
  }
}
