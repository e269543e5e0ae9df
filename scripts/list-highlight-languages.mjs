#!/usr/bin/env node
// node scripts/list-highlight-languages.mjs > src/node/content/highlight-languages.ts
// Writes the table of highlight.js's languages: each name and alias to the language's module, and
// the languages a language embeds (HTML's CSS and JavaScript), so that a build loads only the
// languages its pages use. test/node/content/highlight-languages.test.ts checks the table against
// the installed highlight.js.
import { createRequire } from 'node:module'

const hljs = createRequire(import.meta.url)('highlight.js')
const modules = {}
const embeds = {}
for (const name of hljs.listLanguages()) {
  modules[name] = name
  for (const alias of hljs.getLanguage(name).aliases ?? []) modules[alias.toLowerCase()] ??= name
  const found = new Set()
  const seen = new Set()
  const walk = (mode) => {
    if (!mode || typeof mode !== 'object' || seen.has(mode)) return
    seen.add(mode)
    for (const language of [mode.subLanguage ?? []].flat()) if (language !== name) found.add(language)
    for (const key of ['contains', 'variants', 'starts']) [mode[key] ?? []].flat().forEach(walk)
  }
  walk(hljs.getLanguage(name))
  if (found.size > 0) embeds[name] = [...found].sort()
}
// Several entries a line, sorted, so the table stays short and its diffs readable.
const table = (object) => {
  const lines = ['']
  for (const [key, value] of Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const entry = `${JSON.stringify(key)}: ${JSON.stringify(value)},`
    if (lines.at(-1).length + entry.length > 96) lines.push('')
    lines[lines.length - 1] += (lines.at(-1) === '' ? '  ' : ' ') + entry
  }
  return `{\n${lines.join('\n')}\n}`
}
console.log(`/**
 * highlight.js's languages (written by scripts/list-highlight-languages.mjs from highlight.js
 * ${hljs.versionString}): each name and alias (lower case) to the language's module in
 * highlight.js/lib/languages, and the languages each embeds.
 */
export const languageModules: Readonly<Record<string, string>> = ${table(modules)}

export const embeddedLanguages: Readonly<Record<string, readonly string[]>> = ${table(embeds)}`)
