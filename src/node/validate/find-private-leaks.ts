/**
 * The last line of defence for private pages (docs/architecture.md, "Private means private"):
 * every public file is searched, as it is written, for the distinctive text of every private page
 * (its title and its longest plain sentences) and for the path of every private page and file,
 * and every public file's own name is checked against them and the private-path rules. Finding
 * one is a build error, so a theme or stage that leaks private text or paths fails CI instead of
 * shipping. A private path in the body an author wrote is the author's link (validate warns
 * about it: private-link); anywhere else in a public file it is a leak.
 */
import { siteHref, stripRouteSuffix } from '../../shared/canonical-path.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { escapeHtml } from '../../shared/escape-html.js'
import type { Manifest } from '../../shared/manifest.js'
import { createBodyReader } from '../content/page-bodies.js'
import type { ContentDocument } from '../content/parse-content.js'
import { pushAll } from '../../shared/push-all.js'

export interface LeakProbe {
  readonly route: string
  readonly source: string
  /** Text as it appears in HTML; for a path probe, one spelling of the path. */
  readonly text: string
  /** A private page's or file's path, looked for between quotes (an attribute, a JSON text). */
  readonly path?: 'page' | 'file'
}

const snippetsPerPage = 3
const minimumSnippetLength = 40
const minimumTitleLength = 12

export function privateProbes(manifest: Manifest, documents: readonly ContentDocument[]): LeakProbe[] {
  const byRoute = new Map(documents.map((document) => [document.route, document]))
  const probes: LeakProbe[] = []
  const paths = (route: string, source: string, path: string, kind: 'page' | 'file') => {
    const spellings = new Set([path, stripRouteSuffix(path), `${stripRouteSuffix(path)}/`])
    for (const spelling of [...spellings]) for (const form of [siteHref(manifest.baseUrl, spelling), escapeHtml(spelling), spelling]) spellings.add(form)
    for (const text of spellings) probes.push({ route, source, text, path: kind })
  }
  const bodies = createBodyReader()
  try {
    for (const route of manifest.routes) {
      if (!route.access.private) continue
      const source = route.source ?? route.file
      if (route.title.length >= minimumTitleLength) probes.push({ route: route.path, source, text: `>${escapeHtml(route.title)}<` })
      const document = byRoute.get(route.path)
      for (const text of distinctiveSentences(document ? bodies.read(document.body) : '')) probes.push({ route: route.path, source, text })
      paths(route.path, source, route.path, 'page')
    }
  } finally {
    bodies.close()
  }
  for (const asset of manifest.assets) if (asset.access.private) paths(asset.path, asset.source, asset.path, 'file')
  return probes
}

/**
 * The private text and paths in a public file. `authored` is the part of `text` the author wrote
 * (a page's body): private text is looked for in it too, private paths are not (they are links).
 */
export function findLeaks(file: string, text: string, probes: readonly LeakProbe[], authored = ''): Diagnostic[] {
  // A site without private pages has nothing to look for: its files are not searched at all.
  if (probes.length === 0) return []
  const problems: Diagnostic[] = []
  const generated = authored === '' ? text : text.replace(authored, '')
  const quoted = quotedPaths(generated)
  const reported = new Set<string>()
  for (const probe of probes) {
    if (probe.path ? !quoted.has(probe.text) : !text.includes(probe.text)) continue
    if (probe.path && reported.has(probe.route)) continue
    reported.add(probe.route)
    problems.push(
      diagnostic({
        file: probe.source,
        ruleId: 'private-leak',
        ...(probe.path
          ? {
              message: `The path of private ${probe.path} "${probe.route}" appears in the public file "${file}"`,
              suggestion: 'Only a link an author writes in a public page may name a private page (it gets a private-link warning); anywhere else this is a docsgen bug.',
            }
          : {
              message: `Text of private page "${probe.route}" appears in the public file "${file}": "${probe.text.replace(/^>|<$/g, '')}"`,
              suggestion: 'This is a docsgen bug or a public page quoting private text; remove the text from the public page.',
            }),
      }),
    )
  }
  return problems
}

/**
 * The parts of a public text, as they are taken (a large file written part by part), each
 * searched for private text and paths, and each junction of two parts for private text; the
 * leaks found are added to `diagnostics` once the parts are all taken, each once. The parts must
 * not split a quoted text (a path is looked for between quotes): json-parts.ts's do not.
 */
export function* findLeaksInParts(file: string, parts: Iterable<string>, probes: readonly LeakProbe[], diagnostics: Diagnostic[]): Generator<string> {
  const texts = probes.filter((probe) => !probe.path)
  const reach = texts.reduce((longest, probe) => Math.max(longest, probe.text.length - 1), 0)
  const found = new Map<string, Diagnostic>()
  let tail = ''
  for (const part of parts) {
    const leaks = [...findLeaks(file, part, probes), ...(tail === '' ? [] : findLeaks(file, tail + part.slice(0, reach), texts))]
    for (const leak of leaks) found.set(leak.message, leak)
    tail = reach === 0 ? '' : (tail + part).slice(-reach)
    yield part
  }
  pushAll(diagnostics, found.values())
}

/**
 * Public files named after a private page or file, or served at a path a private-path rule
 * covers: their names alone would tell what is private (and a static host would serve them).
 */
export function findPrivateFileNames(files: readonly string[], manifest: Manifest): Diagnostic[] {
  const owners = new Map<string, string>()
  for (const route of manifest.routes) if (route.access.private) owners.set(stripRouteSuffix(route.path), route.source ?? route.file)
  for (const asset of manifest.assets) if (asset.access.private) owners.set(asset.path, asset.source)
  const rules = manifest.privatePaths.map((rule) => new RegExp(rule.pattern))
  return files.flatMap((file) => {
    const served = stripRouteSuffix(`/${file}`)
    const owner = owners.get(served)
    if (owner === undefined && !rules.some((rule) => rule.test(served))) return []
    return [
      diagnostic({
        file: owner ?? file,
        ruleId: 'private-leak',
        message: `The public file "${file}" is served at "${served}", ${owner === undefined ? 'a path a private-path rule covers' : 'the path of a private page or file'}`,
        suggestion: 'This is a docsgen bug: nothing named after a private page may be published.',
      }),
    ]
  })
}

/**
 * Every text between quotes that starts with "/", up to the quote, "#" or "?" (attributes, JSON
 * texts), and every `url=/…` (a meta refresh).
 */
function quotedPaths(text: string): Set<string> {
  const found = new Set<string>()
  for (const match of text.matchAll(/"(\/[^"#?]*)|'(\/[^'#?]*)|url=(\/[^"'#?;]*)/g)) found.add((match[1] ?? match[2] ?? match[3])!)
  return found
}

/** Plain sentences (letters, digits, simple punctuation) of at least 40 characters, longest first. */
function distinctiveSentences(html: string): string[] {
  const sentences = html
    .split(/<[^>]*>/)
    .flatMap((text) => text.split(/(?<=[.!?])\s+/))
    .map((text) => text.trim())
    .filter((text) => text.length >= minimumSnippetLength && /^[\w ,.;:()-]+$/.test(text))
  return [...new Set(sentences)].sort((a, b) => b.length - a.length).slice(0, snippetsPerPage)
}
