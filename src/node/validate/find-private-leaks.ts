/**
 * The last line of defence for private pages (docs/architecture.md, "Private means private"): distinctive text of every private page (its title and
 * its longest plain sentences) is looked for in every public page as it is rendered. Finding one
 * is a build error, so a theme or stage that leaks private text fails CI instead of shipping.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { escapeHtml } from '../../shared/escape-html.js'
import type { Manifest } from '../../shared/manifest.js'
import { createBodyReader } from '../content/page-bodies.js'
import type { ContentDocument } from '../content/parse-content.js'

export interface LeakProbe {
  readonly route: string
  readonly source: string
  /** Text as it appears in HTML. */
  readonly text: string
}

const snippetsPerPage = 3
const minimumSnippetLength = 40
const minimumTitleLength = 12

export function privateProbes(manifest: Manifest, documents: readonly ContentDocument[]): LeakProbe[] {
  const byRoute = new Map(documents.map((document) => [document.route, document]))
  const probes: LeakProbe[] = []
  const bodies = createBodyReader()
  try {
    for (const route of manifest.routes) {
      if (!route.access.private) continue
      const source = route.source ?? route.file
      if (route.title.length >= minimumTitleLength) probes.push({ route: route.path, source, text: `>${escapeHtml(route.title)}<` })
      const document = byRoute.get(route.path)
      for (const text of distinctiveSentences(document ? bodies.read(document.body) : '')) probes.push({ route: route.path, source, text })
    }
  } finally {
    bodies.close()
  }
  return probes
}

export function findLeaks(file: string, html: string, probes: readonly LeakProbe[]): Diagnostic[] {
  const problems: Diagnostic[] = []
  for (const probe of probes)
    if (html.includes(probe.text))
      problems.push(
        diagnostic({
          file: probe.source,
          ruleId: 'private-leak',
          message: `Text of private page "${probe.route}" appears in the public file "${file}": "${probe.text.replace(/^>|<$/g, '')}"`,
          suggestion: 'This is a docsgen bug or a public page quoting private text; remove the text from the public page.',
        }),
      )
  return problems
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
