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

/** Small enough to keep 500 ms back-offs and 1 s polls in order, large enough to be cheap. */
const STEP_MS = 100

const FAKED = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const

export class VirtualTime {
  /** The emulator's clock (fault delays) and the reference for new windows. */
  private readonly master: Clock = FakeTimers.createClock(VIRTUAL_START)
  private readonly windows = new Set<Clock>()
  private sleeping = 0

  constructor(private readonly drain: () => Promise<void>) {}

  now(): number {
    return this.master.now
  }

  /** Virtual milliseconds since the scenario started. */
  elapsed(): number {
    return this.master.now - VIRTUAL_START
  }

  /** Waits on virtual time (the emulator's delays); counted, so draining does not wait for it. */
  sleep(ms: number): Promise<void> {
    this.sleeping++
    return new Promise((resolve) =>
      this.master.setTimeout(() => {
        this.sleeping--
        resolve()
      }, ms),
    )
  }

  /** Requests waiting on virtual time, not on real work. */
  get sleepers(): number {
    return this.sleeping
  }

  /** Fakes a new window's timers and Date at the current virtual time; returns the uninstaller. */
  install(window: object): () => void {
    const clock = FakeTimers.withGlobal(window as typeof globalThis).install({ now: this.master.now, toFake: [...FAKED], shouldClearNativeTimers: true })
    this.windows.add(clock)
    return () => {
      if (this.windows.delete(clock)) clock.uninstall()
    }
  }

  /** Lets `ms` of virtual time pass, or less if `until` holds first; resolves to the time that passed. */
  async advance(ms: number, until?: () => boolean): Promise<number> {
    const start = this.master.now
    await this.drain()
    while (this.master.now - start < ms) {
      if (until?.()) break
      const step = Math.min(STEP_MS, ms - (this.master.now - start))
      await this.master.tickAsync(step)
      for (const clock of this.windows) await clock.tickAsync(step)
      await this.drain()
    }
    return this.master.now - start
  }

  /** Runs timers that are already due (zero-delay timeouts) without moving time. */
  async settle(): Promise<void> {
    await this.master.tickAsync(0)
    for (const clock of this.windows) await clock.tickAsync(0)
  }

  dispose(): void {
    for (const clock of this.windows) clock.uninstall()
    this.windows.clear()
  }
}
