/**
 * A problem found in content or configuration. Problems are data, not exceptions: every check
 * returns them, the build collects them all, prints them all, then fails once.
 */

/** Every rule a diagnostic can come from; the id is printed in brackets after the message. */
export type RuleId =
  | 'config-invalid'
  | 'site-empty'
  | 'config-unknown-key'
  | 'front-matter-invalid'
  | 'markdown-invalid'
  | 'title-link'
  | 'missing-route'
  | 'missing-anchor'
  | 'missing-file'
  | 'duplicate-route'
  | 'private-path-invalid-glob'
  | 'private-path-unmatched'
  | 'private-path-too-broad'
  | 'private-leak'
  | 'private-pages-public'
  | 'private-link'
  | 'page-default-export'
  | 'page-render-failed'
  | 'category-invalid'
  | 'blog-authors-invalid'
  | 'tags-invalid'
  | 'custom-css-invalid'
  | 'sidebar-invalid'
  | 'nav-missing-route'
  | 'redirect-target-private'
  | 'static-private'
  | 'output-path-invalid'
  | 'content-symlink'
  | 'content-special-file'
  | 'file-name-clash'
  | 'file-name-unportable'
  | 'unsafe-url'
  | 'url-removed'
  | 'file-unreadable'
  | 'file-too-large'
  | 'line-too-long'
  | 'too-many-warnings'
  | 'encoding-invalid'
  | 'out-of-memory'
  | 'output-unwritable'
  | 'reserved-path'
  | 'search-index-failed'
  | 'include-invalid'
  | 'vue-unsupported'

export type Severity = 'error' | 'warning'

export interface Diagnostic {
  /** File relative to the site folder, with forward slashes. */
  readonly file: string
  /** 1-based; undefined when the problem concerns the whole file. */
  readonly line: number | undefined
  /** 1-based. */
  readonly column: number | undefined
  readonly ruleId: RuleId
  readonly severity: Severity
  /** What failed, quoting the offending value. */
  readonly message: string
  /** How to fix it, when we know ("did you mean …"). */
  readonly suggestion: string | undefined
}

/** Creates a diagnostic; position and suggestion are optional. */
export function diagnostic(
  fields: Pick<Diagnostic, 'file' | 'ruleId' | 'message'> &
    Partial<Pick<Diagnostic, 'line' | 'column' | 'severity' | 'suggestion'>>,
): Diagnostic {
  return {
    file: fields.file,
    line: fields.line,
    column: fields.column,
    ruleId: fields.ruleId,
    severity: fields.severity ?? 'error',
    message: fields.message,
    suggestion: fields.suggestion,
  }
}

/** `file:line:col: severity: message. suggestion [docsgen:rule]` — the one-line form CI logs and editors understand. */
export function formatDiagnostic(item: Diagnostic): string {
  const place = item.line === undefined ? item.file : `${item.file}:${item.line}:${item.column ?? 1}`
  const suggestion = item.suggestion ? ` ${item.suggestion}` : ''
  // A message that ends a sentence already (an error the site's code threw) keeps its own stop.
  const stop = /[.!?]$/.test(item.message) ? '' : '.'
  return `${place}: ${item.severity}: ${item.message}${stop}${suggestion} [docsgen:${item.ruleId}]`
}

/**
 * Sorts by file, then position, so reports are stable and grouped by source page; a diagnostic
 * the same in every field as one before it (one broken component that two stages compiled) is
 * reported once.
 */
export function sortDiagnostics(items: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>()
  const unique = items.filter((item) => {
    const key = JSON.stringify([item.file, item.line, item.column, item.ruleId, item.severity, item.message, item.suggestion])
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  return unique.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.message.localeCompare(b.message),
  )
}
