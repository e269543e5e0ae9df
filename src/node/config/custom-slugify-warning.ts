/**
 * A VitePress site's own `markdown.anchor.slugify`: a function, which docsgen cannot call while it
 * reads pages (the config runs on its own thread, which ends once it has given its settings as
 * plain data; pages are parsed on other threads, and a heading's id is made as it is parsed).
 * Headings get VitePress's default ids instead, and this says so once, where the option is
 * written, since every anchor the site's function makes differently is then reported as missing.
 */
import { join } from 'node:path'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { positionAt } from '../diagnostics/locate-in-source.js'
import { readTextFile } from '../files/read-text-file.js'

/** `sources`: the config's own files, the config first (load-docusaurus-config.ts); `delimiters`: markdown.attrs's, for the example. */
export function customSlugifyWarning(siteDir: string, config: string, sources: readonly string[], delimiters: { left: string; right: string }): Diagnostic {
  return diagnostic({
    ...whereWritten(siteDir, config, sources),
    ruleId: 'config-unknown-key',
    severity: 'warning',
    message:
      "markdown.anchor.slugify is the site's own function, which docsgen does not call: headings get VitePress's default ids (\"Getting Started\" → \"getting-started\"), so a link to an id that only the site's function makes is reported as a missing anchor",
    suggestion: `Write such a heading's id on it ("## Getting Started ${delimiters.left}#Getting-Started${delimiters.right}"), which VitePress and docsgen both keep, or link to the default id.`,
  })
}

/** The first `slugify` after an `anchor` key in the config or a file it imports (the config first); the config alone when none is found. */
function whereWritten(siteDir: string, config: string, sources: readonly string[]): { file: string; line?: number; column?: number } {
  for (const file of [config, ...sources.filter((source) => source !== config)]) {
    const { text } = readTextFile(join(siteDir, file), file, { markdown: false })
    const anchor = text === undefined ? null : /\banchor\s*:/.exec(text)
    if (text === undefined || !anchor) continue
    const slugify = /\bslugify\b/g
    slugify.lastIndex = anchor.index + anchor[0].length
    const found = slugify.exec(text)
    if (found) return { file, ...positionAt(text, found.index) }
  }
  return { file: config }
}
