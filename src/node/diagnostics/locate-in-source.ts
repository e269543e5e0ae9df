import { countBelow } from '../../shared/count-below.js'
import { formatValuePath, type Locator } from '../../shared/read-value.js'

/**
 * Finds where a key or a quoted value first appears in a source file, so that problems found in
 * an evaluated config still point at a line and column. Best effort: undefined when not found.
 */
export function locateInSource(source: string, needle: string): { line: number; column: number } | undefined {
  if (needle === '') return undefined
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  // Prefer the needle as a key (`needle:`) or as a quoted string; fall back to any occurrence.
  const patterns = [new RegExp(`(?<![\\w$])${escaped}\\s*:`), new RegExp(`(['"\`])${escaped}\\1`), new RegExp(escaped)]
  for (const pattern of patterns) {
    const match = pattern.exec(source)
    if (match) {
      const offset = match.index + (match[0].startsWith(needle) ? 0 : 1)
      return positionAt(source, offset)
    }
  }
  return undefined
}

/** Where the last key of a config path (`navbar.items[0].label` → `label`) is written. */
export function locateKeyPath(source: string, path: string): { line: number; column: number } | undefined {
  const lastKey = /([A-Za-z_$][\w$]*)(?:\[\d+\])*$/.exec(path)?.[1]
  return lastKey ? locateInSource(source, lastKey) : undefined
}

/** The reading kit's locator for TypeScript and JavaScript sources: where a path's last key is written (best effort). */
export function sourceLocator(source: string): Locator {
  return (path) => locateKeyPath(source, formatValuePath(path))
}

/** 1-based line and column of an offset. */
export function positionAt(source: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let index = source.indexOf('\n'); index !== -1 && index < offset; index = source.indexOf('\n', index + 1)) {
    line++
    lineStart = index + 1
  }
  return { line, column: offset - lineStart + 1 }
}

/**
 * 1-based line and column of offsets in one text, each found by binary search over its line
 * starts: for texts with many positions to report, where positionAt would rescan from the start.
 */
export function createPositionLookup(source: string): (offset: number) => { line: number; column: number } {
  const starts = [0]
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) starts.push(index + 1)
  return (offset) => {
    const line = countBelow(starts, offset + 1)
    return { line, column: offset - starts[line - 1]! + 1 }
  }
}
