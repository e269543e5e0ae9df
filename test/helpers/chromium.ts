/**
 * Debian's headless Chromium (/usr/bin/chromium) through playwright-core, for the browser tests.
 * A missing browser fails the test with how to install it: the tests never download one and never
 * skip. axe-core runs inside the page.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type Page } from 'playwright-core'
import * as assert from 'uvu/assert'

export const CHROMIUM = '/usr/bin/chromium'
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Headless Chromium is missing at ${CHROMIUM}: install it with "apt-get install -y chromium" (the browser tests never download one)`)
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
}

/** axe-core on `selector` (default: the whole page); every violation listed with the elements it concerns. */
export async function assertAccessible(page: Page, when: string, selector?: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource })
  const violations = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: any[] }> } }).axe
    const result = await axe.run(context ?? document)
    return result.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node: any) => node.target.join(' ')).join(', ')})`)
  }, selector)
  assert.equal(violations, [], `axe-core, ${when}`)
}
