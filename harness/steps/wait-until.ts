/**
 * Auto-waiting, as in Playwright's expect: a check is retried while real work (provider answers,
 * renders) is still going on, and fails once the page has been still twice in a row. Virtual time
 * does not move here; `advance` and `wait_for` move it.
 */
import type { World } from '../driver/browser-world.js'
import { StepFailure } from './step-failure.js'

export async function waitUntil<T>(world: World, check: () => T | undefined, expected: string, found: () => string): Promise<T> {
  let still = 0
  for (;;) {
    const value = check()
    if (value !== undefined && value !== false) return value
    if (still >= 2) throw new StepFailure(expected, found())
    still = (await world.drain()) ? 0 : still + 1
  }
}
