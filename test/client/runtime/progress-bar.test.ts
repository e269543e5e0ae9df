import FakeTimers from '@sinonjs/fake-timers'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createProgressBar, PROGRESS } from '../../../src/client/runtime/progress-bar.js'
import { click, openRuntimePage, pageHtml, type RuntimePage } from './runtime-page.js'

const bar = (page: RuntimePage) => page.document.querySelector('.route-progress')
const width = (page: RuntimePage) => /translateX\((-?[\d.]+)%\)/.exec(bar(page)?.firstElementChild?.getAttribute('style') ?? '')?.[1]

async function withClock(run: (page: RuntimePage, clock: ReturnType<ReturnType<typeof FakeTimers.withGlobal>['install']>) => void | Promise<void>): Promise<void> {
  const page = openRuntimePage(pageHtml())
  const clock = FakeTimers.withGlobal(page.window as unknown as typeof globalThis).install()
  try {
    await run(page, clock)
  } finally {
    clock.uninstall()
    await page.close()
  }
}

const progress = suite('progress bar')

progress("the spec's constants", () => {
  assert.equal(PROGRESS, { startDelayMs: 200, minimum: 0.08, speedMs: 200, trickleRate: 0.02, trickleSpeedMs: 800 })
})

progress('a route change faster than 200 ms shows no bar at all', () =>
  withClock((page, clock) => {
    const progressBar = createProgressBar(page.platform)
    progressBar.start()
    clock.tick(199)
    progressBar.done()
    clock.tick(2000)
    assert.is(bar(page), null)
    assert.is(progressBar.value, undefined)
  }),
)

progress('a slow one: the bar appears at 200 ms at 0.08, creeps by at most 0.02 every 800 ms, then fills and fades out', () =>
  withClock((page, clock) => {
    const progressBar = createProgressBar(page.platform, () => 1)
    progressBar.start()
    clock.tick(200)
    assert.ok(bar(page))
    assert.is(bar(page)?.getAttribute('role'), 'progressbar')
    assert.is(progressBar.value, 0.08)
    assert.is(width(page), '-92')
    assert.match(bar(page)!.firstElementChild!.getAttribute('style')!, 'transition: transform 200ms linear')
    clock.tick(800)
    assert.is(progressBar.value, 0.1)
    clock.tick(800 * 100)
    assert.ok(progressBar.value! <= 0.994, 'never full on its own')
    const shown = bar(page)!
    progressBar.done()
    assert.is(width(page), '0')
    clock.tick(200)
    assert.ok(shown.classList.contains('route-progress--done'))
    clock.tick(200)
    assert.is(bar(page), null)
  }),
)

progress('a new change restarts the bar; a failure offers Retry, which calls back and goes away', () =>
  withClock((page, clock) => {
    const progressBar = createProgressBar(page.platform)
    progressBar.start()
    clock.tick(300)
    progressBar.start()
    assert.is(bar(page), null)
    clock.tick(200)
    assert.is(page.document.querySelectorAll('.route-progress').length, 1)
    let retried = 0
    progressBar.fail(() => retried++)
    assert.is(bar(page), null)
    const notice = page.document.querySelector('.route-progress-notice')!
    assert.is(notice.getAttribute('role'), 'alert')
    assert.is(notice.textContent, 'The page could not be loaded.Retry')
    assert.is(page.document.activeElement?.textContent, 'Retry')
    click(page, notice.querySelector('button'))
    assert.is(retried, 1)
    assert.is(page.document.querySelector('.route-progress-notice'), null)
  }),
)

progress.run()
