/**
 * Virtual time shared by every window of a scenario and the provider emulator. Each window gets
 * its own fake clock (`@sinonjs/fake-timers`, installed before the page's scripts run); the
 * clocks move together, in small steps, with the real work they start (provider answers,
 * WebCrypto, React's scheduler) drained after each step, so a 30 s countdown or a minute of
 * polling costs milliseconds and runs in the order it would in a browser.
 */
import FakeTimers, { type Clock } from '@sinonjs/fake-timers'

/** 2026-01-05 09:00:00 UTC: a fixed start, so codes, tokens and reports are reproducible. */
export const VIRTUAL_START = Date.UTC(2026, 0, 5, 9, 0, 0)

/** Used when the clocks do not tell when their next timer is due. */
const STEP_MS = 100

/**
 * When a clock's next timer is due. fake-timers keeps its timers in a Map named `timers`, which
 * its types do not show; should that change, small steps take over.
 */
function nextTimerAt(clock: Clock): number | undefined {
  const timers = (clock as { timers?: unknown }).timers
  if (!(timers instanceof Map)) return clock.countTimers() > 0 ? clock.now + STEP_MS : undefined
  let next: number | undefined
  for (const timer of timers.values() as Iterable<{ callAt: number }>) if (next === undefined || timer.callAt < next) next = timer.callAt
  return next
}

const FAKED = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const

export class VirtualTime {
  /** The emulator's clock (fault delays) and the reference for new windows. */
  private readonly master: Clock = FakeTimers.createClock(VIRTUAL_START)
  private readonly windows = new Map<Clock, { closed?: boolean }>()

  constructor(private readonly drain: () => Promise<boolean>) {}

  now(): number {
    return this.master.now
  }

  /** Virtual milliseconds since the scenario started. */
  elapsed(): number {
    return this.master.now - VIRTUAL_START
  }

  /** Waits on virtual time (the emulator's delays). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => void this.master.setTimeout(() => resolve(), ms))
  }

  /** Fakes a new window's timers and Date at the current virtual time; returns the uninstaller. */
  install(window: object): () => void {
    const clock = FakeTimers.withGlobal(window as typeof globalThis).install({ now: this.master.now, toFake: [...FAKED], shouldClearNativeTimers: true })
    this.windows.set(clock, window as { closed?: boolean })
    return () => {
      if (this.windows.delete(clock)) clock.uninstall()
    }
  }

  /** Lets `ms` of virtual time pass, or less if `until` holds first; resolves to the time that passed. */
  async advance(ms: number, until?: () => boolean): Promise<number> {
    const start = this.master.now
    await this.drain()
    // From one due timer to the next, with the real work each starts drained in between: every
    // timer fires at its time and sees the answers it would see in a browser, and a quiet minute
    // costs one step.
    while (this.master.now - start < ms) {
      if (until?.()) break
      const clocks = [this.master, ...this.open()]
      const due = clocks.map(nextTimerAt).filter((at): at is number => at !== undefined)
      const remaining = ms - (this.master.now - start)
      const step = due.length === 0 ? remaining : Math.max(0, Math.min(Math.min(...due) - this.master.now, remaining))
      for (const clock of clocks) await clock.tickAsync(step)
      await this.drain()
      // A timer due now that keeps being rescheduled at now would never let time pass.
      if (step === 0) for (const clock of clocks) await clock.tickAsync(1)
    }
    return this.master.now - start
  }

  /** Runs timers that are already due (zero-delay timeouts) without moving time. */
  async settle(): Promise<void> {
    await this.master.tickAsync(0)
    for (const clock of this.open()) await clock.tickAsync(0)
  }

  /**
   * Clocks of windows still open. A window left by navigation or closed is dropped: its timers no
   * longer run in happy-dom, and ticking its clock would wait for them forever.
   */
  private open(): Clock[] {
    for (const [clock, window] of this.windows) {
      if (window.closed) {
        this.windows.delete(clock)
        clock.uninstall()
      }
    }
    return [...this.windows.keys()]
  }

  dispose(): void {
    for (const clock of this.windows.keys()) clock.uninstall()
    this.windows.clear()
  }
}
