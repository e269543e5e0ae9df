/**
 * YAML for the reading kit (src/shared/read-value.ts): parses one document into plain values and
 * gives a locator that turns a value path back into its line and column. Hostile input stays
 * harmless: aliases are limited (a "billion laughs" file is an error, not a hang), explicit tags
 * other than YAML's core ones are refused (no custom types), duplicate keys are errors.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml'
import type { Locator, SourcePosition, ValuePath } from '../../shared/read-value.js'
import { yamlLocator, yamlNodeFinder, type YamlGuards } from '../../shared/yaml-locator.js'

/** The `yaml` package's guards, for the shared locator. */
export const yamlGuards: YamlGuards = { isMap, isPair, isScalar, isSeq }

export interface YamlSourceProblem {
  readonly message: string
  readonly position: SourcePosition | undefined
}

interface YamlParts {
  readonly locate: Locator
  /**
   * The source of the value at a path, everything else blanked out (line breaks kept), so another
   * reader of that part (an embedded fixture, say) reports the same lines and columns.
   */
  readonly sourceOf: (path: ValuePath) => string | undefined
}

export type YamlSource = YamlParts & ({ readonly value: unknown; readonly problems: readonly [] } | { readonly value: undefined; readonly problems: readonly YamlSourceProblem[] })

const CORE_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => `tag:yaml.org,2002:${name}`))

/** Aliases a document may expand; generous for real files, small enough to stop exponential expansion. */
export const MAX_ALIAS_COUNT = 100

export function readYaml(text: string, { maxAliasCount = MAX_ALIAS_COUNT }: { maxAliasCount?: number } = {}): YamlSource {
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: 'core' })
  const at = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset)
    return { line, column: col }
  }
  const find = yamlNodeFinder(document, yamlGuards)
  const locate = yamlLocator(document, yamlGuards, at)
  const sourceOf = (path: ValuePath) => {
    const node = find(path, 'value')
    return node?.range && path.length > 0 && find(path.slice(0, -1), 'value') !== node ? text.slice(0, node.range[0]).replace(/[^\n]/g, ' ') + text.slice(node.range[0], node.range[1]) : undefined
  }
  const problems: YamlSourceProblem[] = document.errors.map((error) => ({
    // The library appends its own " at line 3, column 5" and a code frame; the position is given apart.
    message: error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''),
    position: at(error.pos[0]),
  }))
  visit(document, {
    Node(_, node) {
      const tag = (node as { tag?: string }).tag
      if (tag !== undefined && !CORE_TAGS.has(tag)) {
        problems.push({ message: `the tag '${tag}' is not allowed here; write plain values`, position: node.range ? at(node.range[0]) : undefined })
      }
    },
  })
  if (problems.length > 0) return { value: undefined, locate, sourceOf, problems }
  try {
    return { value: document.toJS({ maxAliasCount }), locate, sourceOf, problems: [] }
  } catch (error) {
    if (error instanceof ReferenceError) {
      return { value: undefined, locate, sourceOf, problems: [{ message: `the file expands too many aliases (more than ${maxAliasCount}); write the values out`, position: undefined }] }
    }
    throw error
  }
}
