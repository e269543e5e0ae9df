/**
 * Runs one scenario: a fresh world, its steps in order under a real-time watchdog (per step and
 * for the whole scenario, so nothing hangs), and on failure everything needed to act on it
 * without running it again: the failing step, expected and found, the screen, the last
 * provider calls and events, console errors and a DOM snapshot.
 */
import { World, type WorldAssets } from '../driver/browser-world.js'
import { screenOutline } from '../driver/dom-queries.js'
import type { Scenario } from '../scenario/scenario.js'
import { runStep } from '../steps/run-step.js'
import { StepFailure } from '../steps/step-failure.js'
import type { ScenarioResult, StepResult } from './results.js'

class Timeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Timeout(what)), ms)))
  return Promise.race([work, limit]).finally(() => clearTimeout(timer))
}

export async function runScenario(scenario: Scenario, assets: WorldAssets, attempt = 1): Promise<ScenarioResult> {
  const started = performance.now()
  const steps: StepResult[] = []
  const deadline = started + scenario.timeoutMs
  let world: World | undefined
  let failure: ScenarioResult['failure']
  try {
    world = new World(scenario, assets)
    await withTimeout(world.start(), scenario.stepTimeoutMs, `opening ${scenario.page.kind === 'widget' ? 'the widget page' : scenario.page.path}`)
    for (const [index, step] of scenario.steps.entries()) {
      const stepStarted = performance.now()
      const virtualBefore = world.time.elapsed()
      const budget = Math.min(scenario.stepTimeoutMs, deadline - stepStarted)
      let error: unknown
      try {
        if (budget <= 0) throw new Timeout('the scenario')
        await withTimeout(runStep(world, step), budget, 'the step')
      } catch (caught) {
        error = caught
      }
      steps.push({ index, source: step.source, position: step.position, status: error ? 'failed' : 'passed', virtualMs: world.time.elapsed() - virtualBefore, realMs: performance.now() - stepStarted })
      if (error) {
        failure = describeFailure(error, index, scenario, budget)
        break
      }
    }
  } catch (error) {
    failure = describeFailure(error, undefined, scenario, scenario.stepTimeoutMs)
  }
  if (failure && world) {
    failure.screen = screenOutline(world.document)
    failure.url = world.tabs.length > 0 ? decodeURI(world.window.location.href as string) : undefined
    failure.dom = world.tabs.length > 0 ? (world.document.documentElement?.outerHTML ?? '') : ''
    failure.events = world.tabs.length > 0 ? [...((world.window.__docsgenHarnessEvents as string[] | undefined) ?? [])] : []
    failure.console = [...world.consoleErrors]
  }
  const result: ScenarioResult = {
    file: scenario.file,
    name: scenario.name,
    position: scenario.position,
    status: failure ? 'failed' : 'passed',
    attempt,
    steps,
    virtualMs: world?.time.elapsed() ?? 0,
    realMs: performance.now() - started,
    calls: world?.calls.map((call) => ({ ...call })) ?? [],
    ...(failure ? { failure } : {}),
  }
  await world?.close()
  return result
}

function describeFailure(error: unknown, index: number | undefined, scenario: Scenario, budget: number): NonNullable<ScenarioResult['failure']> {
  const step = index === undefined ? undefined : scenario.steps[index]
  const base = { stepIndex: index, step: step?.source, position: step?.position, screen: [] as string[], dom: '', events: [] as string[], console: [] as string[], url: undefined as string | undefined }
  if (error instanceof StepFailure) return { ...base, expected: error.expected, found: error.found }
  if (error instanceof Timeout) return { ...base, expected: `${error.message} to finish within ${budget} ms of real time`, found: 'it was still running (a hang, or a wait that needs advance:)' }
  return { ...base, expected: 'the step to run', found: `an error: ${error instanceof Error ? error.message : String(error)}` }
}
