/**
 * `tags.yml` of a docs or blog folder, as Docusaurus reads it: the tags its pages may name by key
 * (`tags: [facebook]`), each with its label and its page's name (`facebook: { label: Facebook,
 * permalink: /facebook, description: … }`; both default to the key). A tag a page writes out in
 * full (`{ label, permalink }`), or whose key the file does not have, is kept as written.
 */
import { slug } from 'github-slugger'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { ValueReader } from '../../shared/read-value.js'
import { readProblemDiagnostic } from '../diagnostics/read-problem-diagnostic.js'
import { readYaml } from '../diagnostics/yaml-source.js'
import type { ContentDocument } from './content-document.js'
import type { DocTag } from './read-front-matter.js'
import type { ContentFile } from './read-content.js'
import { readTagPermalink } from './read-tag-permalink.js'

/** Each tags file's tags by key, by the folder it is in (site-relative). */
export type PredefinedTags = ReadonlyMap<string, ReadonlyMap<string, DocTag>>

export function readTagsFiles(files: readonly ContentFile[]): { tags: PredefinedTags; diagnostics: Diagnostic[] } {
  const tags = new Map<string, ReadonlyMap<string, DocTag>>()
  const diagnostics: Diagnostic[] = []
  for (const file of files) {
    if (file.kind !== 'tags') continue
    const yaml = readYaml(file.text)
    if (yaml.value === undefined && yaml.problems.length > 0) {
      for (const problem of yaml.problems)
        diagnostics.push(diagnostic({ file: file.file, ...problem.position, ruleId: 'tags-invalid', message: `Invalid YAML: ${problem.message}`, suggestion: 'Write one mapping of tag keys, such as `release: { label: Release }`.' }))
      continue
    }
    const reader = new ValueReader(yaml.locate)
    const byKey = new Map<string, DocTag>()
    for (const [key, at] of reader.root(yaml.value ?? {}).mapping() ?? []) {
      // A key alone (`release:`) is a tag labelled by it.
      const alone = at.value === null || at.value === undefined
      if (!alone && at.mapping(['label', 'permalink', 'description']) === undefined) continue
      byKey.set(key, { label: (alone ? undefined : at.get('label').string()) ?? key, permalink: (alone ? undefined : readTagPermalink(at.get('permalink'))) ?? slug(key) })
    }
    for (const problem of reader.problems) diagnostics.push(readProblemDiagnostic(problem, { file: file.file, ruleId: 'tags-invalid' }))
    tags.set(file.file.includes('/') ? file.file.slice(0, file.file.lastIndexOf('/')) : '', byKey)
  }
  return { tags, diagnostics }
}

/** Documents whose tags name a key of their folder's tags file, with that tag's label and page name. */
export function withPredefinedTags(documents: readonly ContentDocument[], tags: PredefinedTags): ContentDocument[] {
  if (tags.size === 0) return [...documents]
  const folders = [...tags.keys()].sort((a, b) => b.length - a.length)
  return documents.map((document) => {
    if (document.display.tags.length === 0) return document
    const folder = folders.find((candidate) => candidate === '' || document.file.startsWith(`${candidate}/`))
    const byKey = folder === undefined ? undefined : tags.get(folder)
    if (byKey === undefined || !document.display.tags.some((tag) => tag.permalink === undefined && byKey.has(tag.label))) return document
    const named = document.display.tags.map((tag) => (tag.permalink === undefined ? (byKey.get(tag.label) ?? tag) : tag))
    return { ...document, display: { ...document.display, tags: named } }
  })
}
