/**
 * At most 20 warnings per file in a report, then one line saying how many more there are: 20 000
 * unknown front matter keys printed 20 000 lines that hid everything else. Errors are all shown,
 * each must be fixed; the build result keeps every diagnostic for callers of the API.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'

export const maxWarningsPerFile = 20

/** `diagnostics` (sorted by file) with each file's warnings past the first 20 replaced by one summary. */
export function capWarnings(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const totals = new Map<string, number>()
  for (const item of diagnostics) if (item.severity === 'warning') totals.set(item.file, (totals.get(item.file) ?? 0) + 1)
  const capped: Diagnostic[] = []
  const seen = new Map<string, number>()
  for (const item of diagnostics) {
    if (item.severity !== 'warning') {
      capped.push(item)
      continue
    }
    const count = (seen.get(item.file) ?? 0) + 1
    seen.set(item.file, count)
    if (count <= maxWarningsPerFile) capped.push(item)
    if (count === maxWarningsPerFile + 1)
      capped.push(
        diagnostic({
          file: item.file,
          ruleId: 'too-many-warnings',
          severity: 'warning',
          message: `${totals.get(item.file)! - maxWarningsPerFile} more warnings in this file are not shown`,
          suggestion: 'Fix the ones above and run again to see the rest.',
        }),
      )
  }
  return capped
}
