/**
 * The last line of defence for DESIGN §3: after rendering, look for distinctive text of every
 * private page (its title and its longest plain sentences) in every public page. Finding one is
 * a build error, so a theme or stage that leaks private text fails CI instead of shipping.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { RenderedSite } from '../render/render-pages.js'

const snippetsPerPage = 3
const minimumSnippetLength = 40
const minimumTitleLength = 12

export function findPrivateLeaks(rendered: RenderedSite): Diagnostic[] {
  const probes: { route: string; source: string; text: string }[] = []
  for (const page of rendered.privatePages) {
    const source = page.route.source ?? page.route.file
    const article = /<article[\s\S]*<\/article>/.exec(page.html)?.[0] ?? ''
    if (page.route.title.length >= minimumTitleLength) probes.push({ route: page.route.path, source, text: `>${escapeText(page.route.title)}<` })
    for (const text of distinctiveSentences(article)) probes.push({ route: page.route.path, source, text })
  }
  if (probes.length === 0) return []
  const problems: Diagnostic[] = []
  for (const page of rendered.publicPages)
    for (const probe of probes)
      if (page.html.includes(probe.text))
        problems.push(
          diagnostic({
            file: probe.source,
            ruleId: 'private-leak',
            message: `Text of private page "${probe.route}" appears in the public file "${page.file}": "${probe.text.replace(/^>|<$/g, '')}"`,
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
    .filter((text) => text.length >= minimumSnippetLength && /^[\w ,.;:()'-]+$/.test(text))
  return [...new Set(sentences)].sort((a, b) => b.length - a.length).slice(0, snippetsPerPage)
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
