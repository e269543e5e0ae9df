/** `00:31.000` for virtual time (minutes:seconds.milliseconds), `120 ms` for real time. */
export function virtualClock(ms: number): string {
  const minutes = Math.floor(ms / 60_000)
  const seconds = (ms % 60_000) / 1000
  return `${String(minutes).padStart(2, '0')}:${seconds.toFixed(3).padStart(6, '0')}`
}

export const realTime = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`)

/** A folder name for a scenario's artefacts: its file name without extension, safe characters only. */
export function slug(file: string): string {
  const base = file.replace(/\\/g, '/').split('/').pop()!.replace(/\.[^.]+$/, '')
  return base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '') || 'scenario'
}
