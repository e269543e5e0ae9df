/** What a run reports: one result per scenario, plain data (it crosses worker threads and goes to files). */
import type { SourcePosition } from '../../src/shared/read-value.js'
import type { ProviderCall } from '../driver/browser-world.js'

export interface StepResult {
  readonly index: number
  readonly source: string
  readonly position: SourcePosition | undefined
  readonly status: 'passed' | 'failed'
  readonly virtualMs: number
  readonly realMs: number
}

export interface FailureDetail {
  stepIndex: number | undefined
  step: string | undefined
  position: SourcePosition | undefined
  expected: string
  found: string
  /** The screen as a person reads it, one line per element. */
  screen: string[]
  url: string | undefined
  dom: string
  events: string[]
  console: string[]
}

export interface ScenarioResult {
  readonly file: string
  readonly name: string
  readonly position: SourcePosition | undefined
  readonly status: 'passed' | 'failed' | 'skipped'
  /** 1, or more when --retries ran it again. */
  readonly attempt: number
  readonly steps: readonly StepResult[]
  readonly virtualMs: number
  readonly realMs: number
  readonly calls: readonly ProviderCall[]
  readonly failure?: FailureDetail
}
