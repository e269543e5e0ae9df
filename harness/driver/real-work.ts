/**
 * Real asynchronous work in flight while virtual time stands still: a provider request being
 * answered, a WebCrypto digest or signature on the thread pool. How long it takes depends on how
 * busy the machine is, so a driver that lets virtual time pass, or decides that a page has
 * stopped changing, first waits for it: then a request deadline or a wait can only end in
 * virtual time, never because the machine was slow.
 */

export class RealWork {
  private readonly inFlight = new Map<number, string>()
  private nextId = 0
  private waitingOnTime = 0
  private readonly waiters = new Set<() => void>()

  /** `hangGuardMs` of real time: only work that never settles takes that long, whatever the load. */
  constructor(private readonly hangGuardMs = 60_000) {}

  /** Counts `work` (described by `what`, for the hang message) as in flight until it settles. */
  track<T>(work: Promise<T>, what: string): Promise<T> {
    const id = ++this.nextId
    this.inFlight.set(id, what)
    return work.finally(() => {
      this.inFlight.delete(id)
      this.notify()
    })
  }

  /**
   * A wait on virtual time inside tracked work (an emulator's fault delay): not real work while it
   * lasts, since waiting for it would stop the very clock it waits on.
   */
  waitOnTime<T>(wait: Promise<T>): Promise<T> {
    this.waitingOnTime++
    this.notify()
    return wait.finally(() => void this.waitingOnTime--)
  }

  /** Whether nothing real is in flight. */
  get idle(): boolean {
    return this.inFlight.size - this.waitingOnTime <= 0
  }

  /** Resolves once nothing real is in flight; rejects only on a hang. */
  settled(): Promise<void> {
    if (this.idle) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(guard)
        resolve()
      }
      const guard = setTimeout(() => {
        this.waiters.delete(done)
        reject(new Error(`real work still in flight after ${this.hangGuardMs / 1000} s: ${[...new Set(this.inFlight.values())].join(', ')}`))
      }, this.hangGuardMs)
      this.waiters.add(done)
    })
  }

  /**
   * Takes turns of the event loop (`turn`: renders, promise callbacks, zero-delay timers), each
   * after the work in flight has settled, until `check` holds (true) or nothing is left to happen
   * without virtual time passing (false): nothing in flight and `changes()` (a page's mutation
   * count) unchanged for `rounds` turns in a row. Every source of real delay is tracked, so this
   * takes the same turns on a busy machine as on an idle one.
   */
  async until(check: () => boolean, changes: () => number, turn: () => Promise<void>, rounds: number): Promise<boolean> {
    for (let still = 0; still < rounds; ) {
      if (check()) return true
      const before = changes()
      const busy = !this.idle
      await this.settled()
      await turn()
      still = busy || !this.idle || changes() !== before ? 0 : still + 1
    }
    return check()
  }

  private notify(): void {
    if (!this.idle) return
    for (const waiter of this.waiters) waiter()
    this.waiters.clear()
  }
}
