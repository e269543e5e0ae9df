/** A scenario as the runner sees it, after reading and checking its file. */
import type { EmulatorFixture } from '../../src/emulator/index.js'
import type { SourcePosition } from '../../src/shared/read-value.js'
import type { StepArgs, StepName } from './steps.js'

export type Step = { [N in StepName]: { readonly name: N; readonly args: StepArgs[N]; readonly position: SourcePosition | undefined; readonly source: string } }[StepName]

/** Options of the built-in widget page (`page: widget`): the widget's own options and a few of the page's. */
export interface WidgetPageOptions {
  /** Organization to sign in to (default org-docs). */
  readonly oid: string
  /** Widget options (factors, text, storeLastHandle, supportURL, alternativeAuthURL …), passed as written. */
  readonly widget: Record<string, unknown>
  /** SDK token storage (default localStorage, so storage steps can see the token). */
  readonly tokenStorage: 'memory' | 'localStorage' | 'cookie'
  /** Send analytics events to the provider. */
  readonly analytics: boolean
  /** Create an anonymous user when nobody is signed in. */
  readonly anonymousUsers: boolean
  /** After signing in, authenticate the user for this organization (organization switching). */
  readonly switchTo: string | undefined
}

/** Sign-in settings a site scenario lays over site.config.ts's `login` (the site is built once more with them). */
export interface SiteLoginOverrides {
  readonly forceLogin?: boolean
  readonly uxMode?: 'redirect' | 'modal'
  readonly privateRedirectPath?: string
}

export type ScenarioPage =
  | { readonly kind: 'widget'; readonly options: WidgetPageOptions }
  | { readonly kind: 'site'; readonly path: string; readonly login?: SiteLoginOverrides }

export interface Scenario {
  /** As given on the command line (relative paths stay relative), for reports. */
  readonly file: string
  readonly position: SourcePosition | undefined
  readonly name: string
  readonly tags: readonly string[]
  readonly page: ScenarioPage
  /** The emulator's starting state. */
  readonly fixture: EmulatorFixture
  /** Where the fixture came from: a preset name, a file or inline. */
  readonly fixtureSource: string
  readonly steps: readonly Step[]
  /** Real-time limits: the whole scenario, and each step. */
  readonly timeoutMs: number
  readonly stepTimeoutMs: number
}

/** A scenario file written in TypeScript: `export default defineScenario({ … })` (the same keys as YAML). */
export interface ScenarioInput {
  name: string
  tags?: string[]
  page: string
  widget?: Record<string, unknown>
  site_login?: SiteLoginOverrides
  fixture?: string | { file: string } | EmulatorFixture
  timeout?: string
  step_timeout?: string
  steps: Array<string | Partial<{ [N in StepName]: unknown }>>
}

/** Identity helper that gives TypeScript scenario files their types. */
export function defineScenario(scenario: ScenarioInput): ScenarioInput {
  return scenario
}

/** Which build of the site a scenario's page needs: '' for the site as configured, else one per distinct `site_login`. */
export function siteBuildKey(page: ScenarioPage): string {
  return page.kind === 'site' && page.login ? JSON.stringify(page.login) : ''
}
