/**
 * The route-change progress bar, with nprogress's behaviour and constants:
 * shown only when a change takes longer than 200 ms, starting at 0.08, creeping by up to 0.02
 * every 800 ms, each step animated over 200 ms, then filled and faded out. When a page cannot be
 * loaded it offers 'Retry'.
 */
import type { Platform } from './platform.js'

export const PROGRESS = { startDelayMs: 200, minimum: 0.08, speedMs: 200, trickleRate: 0.02, trickleSpeedMs: 800 } as const

export interface ProgressBar {
  /** A route change began: the bar appears if it is still running after the start delay. */
  start(): void
  /** It ended: the bar fills and fades, or never appears. */
  done(): void
  /** It failed: the loading indicator says so and offers 'Retry', which calls `retry`. */
  fail(retry: () => void): void
  /** The bar's progress, 0–1, or undefined while it is not shown. */
  readonly value: number | undefined
}

export function createProgressBar({ window, document }: Platform, random: () => number = Math.random): ProgressBar {
  let value: number | undefined
  let bar: HTMLElement | undefined
  let startTimer: number | undefined
  let trickleTimer: number | undefined
  let notice: HTMLElement | undefined

  const set = (next: number) => {
    value = Math.min(Math.max(next, PROGRESS.minimum), 1)
    bar?.firstElementChild?.setAttribute('style', `transform: translateX(${(value - 1) * 100}%); transition: transform ${PROGRESS.speedMs}ms linear`)
    bar?.setAttribute('aria-valuenow', String(Math.round(value * 100)))
  }
  const show = () => {
    startTimer = undefined
    bar = document.createElement('div')
    bar.className = 'route-progress'
    bar.setAttribute('role', 'progressbar')
    bar.setAttribute('aria-label', 'Loading the page')
    bar.setAttribute('aria-valuemin', '0')
    bar.setAttribute('aria-valuemax', '100')
    bar.appendChild(document.createElement('div')).className = 'route-progress-bar'
    document.body.appendChild(bar)
    set(PROGRESS.minimum)
    // nprogress's trickle: a random step up to the rate, never reaching the end on its own.
    trickleTimer = window.setInterval(() => value !== undefined && set(Math.min(value + random() * PROGRESS.trickleRate, 0.994)), PROGRESS.trickleSpeedMs)
  }
  const stop = () => {
    if (startTimer !== undefined) window.clearTimeout(startTimer)
    if (trickleTimer !== undefined) window.clearInterval(trickleTimer)
    startTimer = trickleTimer = undefined
  }
  const removeNotice = () => {
    notice?.remove()
    notice = undefined
  }
  return {
    start() {
      stop()
      removeNotice()
      bar?.remove()
      bar = value = undefined
      startTimer = window.setTimeout(show, PROGRESS.startDelayMs)
    },
    done() {
      stop()
      const finished = bar
      if (!finished) return
      set(1)
      bar = value = undefined
      window.setTimeout(() => {
        finished.classList.add('route-progress--done')
        window.setTimeout(() => finished.remove(), PROGRESS.speedMs)
      }, PROGRESS.speedMs)
    },
    fail(retry) {
      stop()
      bar?.remove()
      bar = value = undefined
      removeNotice()
      notice = document.createElement('div')
      notice.className = 'route-progress-notice'
      notice.setAttribute('role', 'alert')
      notice.appendChild(document.createElement('span')).textContent = 'The page could not be loaded.'
      const button = notice.appendChild(document.createElement('button'))
      button.type = 'button'
      button.className = 'button'
      button.textContent = 'Retry'
      button.addEventListener('click', () => {
        removeNotice()
        retry()
      })
      document.body.appendChild(notice)
      button.focus()
    },
    get value() {
      return value
    },
  }
}
