/**
 * A JSON file of the site (versions.json, a version's sidebars) read and parsed, or the
 * diagnostic saying why not, at the line and column of the first syntax error.
 */
import { join } from 'node:path'
import { diagnostic, type Diagnostic, type RuleId } from '../../shared/diagnostic.js'
import { jsonSyntaxError } from '../diagnostics/json-syntax-error.js'
import { readTextFile } from './read-text-file.js'

export type JsonFile = { readonly text: string; readonly value: unknown; readonly diagnostic?: undefined } | { readonly text?: undefined; readonly value?: undefined; readonly diagnostic: Diagnostic }

export function readJsonFile(siteDir: string, file: string, ruleId: RuleId, suggestion: string): JsonFile {
  const read = readTextFile(join(siteDir, file), file, { markdown: false })
  if (read.diagnostic) return { diagnostic: read.diagnostic }
  try {
    return { text: read.text, value: JSON.parse(read.text) as unknown }
  } catch {
    const { offset, message } = jsonSyntaxError(read.text)
    const before = offset === undefined ? undefined : read.text.slice(0, offset)
    const place = before === undefined ? {} : { line: before.split('\n').length, column: offset! - before.lastIndexOf('\n') }
    return { diagnostic: diagnostic({ file, ruleId, message, suggestion, ...place }) }
  }
}
