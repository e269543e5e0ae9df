/** Which scenario files a run reads, and which scenarios it runs: folders expanded, --grep, --shard. */
import { readdir, stat } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import type { Scenario } from '../scenario/scenario.js'

const SCENARIO_FILE = /\.(ya?ml|json|ts|mts)$/

/** Files as given, folders searched (recursively) for scenario files; sorted, each once. */
export async function expandFiles(paths: readonly string[], cwd: string): Promise<{ files: string[]; missing: string[] }> {
  const files = new Set<string>()
  const missing: string[] = []
  for (const path of paths) {
    const absolute = resolve(cwd, path)
    let info
    try {
      info = await stat(absolute)
    } catch {
      missing.push(path)
      continue
    }
    if (!info.isDirectory()) {
      files.add(path)
      continue
    }
    for (const entry of await readdir(absolute, { recursive: true })) {
      if (SCENARIO_FILE.test(entry) && !entry.endsWith('.d.ts')) files.add(relative(cwd, join(absolute, entry)))
    }
  }
  return { files: [...files].sort(), missing }
}

export interface Shard {
  readonly index: number
  readonly total: number
}

/** `2/3` → the second of three shards; undefined for anything else. */
export function parseShard(text: string): Shard | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(text)
  if (!match) return undefined
  const index = Number(match[1])
  const total = Number(match[2])
  return total >= 1 && index >= 1 && index <= total ? { index, total } : undefined
}

/** --grep (on name, tags and file) then --shard (every total-th scenario of the sorted list, so shards add up to the whole). */
export function selectScenarios(scenarios: readonly Scenario[], grep: RegExp | undefined, shard: Shard | undefined): Scenario[] {
  const matching = grep ? scenarios.filter((scenario) => grep.test(scenario.name) || grep.test(scenario.file) || scenario.tags.some((tag) => grep.test(tag))) : [...scenarios]
  return shard ? matching.filter((_, position) => position % shard.total === shard.index - 1) : matching
}
