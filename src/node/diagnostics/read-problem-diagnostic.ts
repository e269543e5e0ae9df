/**
 * A problem the reading kit (src/shared/read-value.ts) found in a site's file, as a diagnostic:
 * an unknown key says so in the kit's words ("Unknown key 'colapsed'. Did you mean
 * 'collapsed'?"); a wrong value names its path first (`"login.uxMode" must be one of …`).
 */
import { diagnostic, type Diagnostic, type RuleId, type Severity } from '../../shared/diagnostic.js'
import { formatValuePath, type ReadProblem } from '../../shared/read-value.js'

export interface ProblemPlace {
  readonly file: string
  readonly ruleId: RuleId
  /** Unknown keys may be another rule (config-unknown-key) or only a warning (front matter). */
  readonly unknownKey?: { readonly ruleId?: RuleId; readonly severity?: Severity }
  /** Added to every line: for a document that starts further down its file (front matter). */
  readonly lineOffset?: number
  /** What a wrong value's path is part of, when the file does not say it (`Front matter `). */
  readonly subject?: string
}

export function readProblemDiagnostic(problem: ReadProblem, place: ProblemPlace): Diagnostic {
  const unknownKey = problem.part === 'key'
  const message = unknownKey || problem.path.length === 0 ? `${problem.message[0]!.toUpperCase()}${problem.message.slice(1)}` : `${place.subject ?? ''}"${formatValuePath(problem.path)}" ${problem.message}`
  return diagnostic({
    file: place.file,
    ruleId: (unknownKey ? place.unknownKey?.ruleId : undefined) ?? place.ruleId,
    severity: unknownKey ? place.unknownKey?.severity : undefined,
    message,
    suggestion: problem.suggestion,
    line: problem.position === undefined ? undefined : problem.position.line + (place.lineOffset ?? 0),
    column: problem.position?.column,
  })
}
