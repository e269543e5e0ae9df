import { diagnostic, type Diagnostic, type RuleId } from '../../shared/diagnostic.js'
import { userCodeMemoryLimitMb, type UserCodeOutcome } from './run-user-code.js'
import { describeThrown, thrownAt } from './user-code-thread.js'

export interface FailureContext {
  readonly siteDir: string
  /** The file whose code was running, relative to the site. */
  readonly file: string
  /** 'The config', 'The page'. */
  readonly subject: string
  /** 'loading', 'rendering'. */
  readonly action: string
  readonly timeLimitMs: number
  readonly ruleId: RuleId
  /** What to say when the thread ended without calling process.exit(). */
  readonly stopped: string
  /** Where a throw is placed: any file of the site, or only this file. */
  readonly throwsAt: 'any-file' | 'this-file'
  readonly suggestion: (kind: Exclude<UserCodeOutcome<unknown>, { kind: 'done' }>['kind']) => string
}

/** Why the site's code gave no answer (see run-user-code.ts): it threw, ended its thread, or ran past the time or memory limit. */
export function userCodeFailure(outcome: Exclude<UserCodeOutcome<unknown, unknown>, { kind: 'done' }>, context: FailureContext): Diagnostic {
  const { file, subject, action, ruleId } = context
  const suggestion = context.suggestion(outcome.kind)
  if (outcome.kind === 'threw') {
    const at = thrownAt(outcome.error, context.siteDir)
    const place = context.throwsAt === 'any-file' ? at : at?.file === file ? { line: at.line, column: at.column } : {}
    return diagnostic({ file, ...place, ruleId, message: `${subject} threw while ${action}: ${describeThrown(outcome.error)}`, suggestion })
  }
  const message =
    outcome.kind === 'timed-out'
      ? `${subject} did not finish ${action} within ${context.timeLimitMs / 1000} s`
      : outcome.kind === 'out-of-memory'
        ? `${subject} used more than ${userCodeMemoryLimitMb} MB of memory while ${action}`
        : outcome.exitCalled
          ? `${subject} called process.exit(${outcome.code}) while ${action}`
          : context.stopped
  return diagnostic({ file, ruleId, message, suggestion })
}
