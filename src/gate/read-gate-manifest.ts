/**
 * The gate's manifest (src/shared/gate-manifest.ts) read from the private store and checked
 * field by field: a manifest that is not exactly what the build writes is refused as a whole,
 * so a damaged private folder closes the gate instead of opening a path.
 */
import type { GateEntry, GateManifest, GateNavigationItem, GateRule } from '../shared/gate-manifest.js'

/** The manifest with its rules compiled: what the gate decides with. */
export interface GateIndex {
  readonly manifest: GateManifest
  /** The private route or file at a canonical path. */
  readonly entry: (path: string) => GateEntry | undefined
  /**
   * The groups the rules that match a canonical path require together; undefined when no rule
   * matches it. A route's own groups (its entry's) were computed from these at build, or made
   * private for another reason (a generated index whose every item is private).
   */
  readonly ruleGroups: (path: string) => readonly string[] | undefined
}

export class GateManifestError extends Error {
  override name = 'GateManifestError'
}

export function readGateManifest(text: string): GateIndex {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new GateManifestError(`the gate manifest is not JSON: ${(error as Error).message}`)
  }
  const manifest = checkManifest(value)
  const rules = manifest.rules.map((rule) => ({ test: new RegExp(rule.pattern), groups: rule.groups }))
  const entries = new Map(Object.entries(manifest.entries))
  return {
    manifest,
    entry: (path) => entries.get(path),
    ruleGroups(path) {
      const matching = rules.filter((rule) => rule.test.test(path))
      return matching.length === 0 ? undefined : [...new Set(matching.flatMap((rule) => rule.groups))]
    },
  }
}

function checkManifest(value: unknown): GateManifest {
  const top = object(value, 'the gate manifest')
  if (top.format !== 1) throw new GateManifestError(`the gate manifest has format ${JSON.stringify(top.format)}; this gate reads format 1 (rebuild the site)`)
  const entries = object(top.entries, 'entries')
  for (const [path, entry] of Object.entries(entries)) checkEntry(entry, `entries["${path}"]`)
  const navigation = list(top.navigation, 'navigation')
  navigation.forEach((item, index) => text(object(item, `navigation[${index}]`).path, `navigation[${index}].path`))
  return {
    format: 1,
    baseUrl: text(top.baseUrl, 'baseUrl'),
    rules: list(top.rules, 'rules').map((rule, index) => checkRule(rule, `rules[${index}]`)),
    entries: entries as Record<string, GateEntry>,
    shell: text(top.shell, 'shell'),
    navigation: navigation as GateNavigationItem[],
  }
}

function checkRule(value: unknown, where: string): GateRule {
  const rule = object(value, where)
  const pattern = text(rule.pattern, `${where}.pattern`)
  try {
    new RegExp(pattern)
  } catch {
    throw new GateManifestError(`${where}.pattern is not a regular expression`)
  }
  return { pattern, groups: groups(rule.groups, `${where}.groups`) }
}

function checkEntry(value: unknown, where: string): void {
  const entry = object(value, where)
  text(entry.file, `${where}.file`)
  text(entry.type, `${where}.type`)
  groups(entry.groups, `${where}.groups`)
}

function groups(value: unknown, where: string): string[] {
  return list(value, where).map((item, index) => text(item, `${where}[${index}]`))
}

function object(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new GateManifestError(`${where} must be an object`)
  return value as Record<string, unknown>
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new GateManifestError(`${where} must be a list`)
  return value
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') throw new GateManifestError(`${where} must be a non-empty text`)
  return value
}
