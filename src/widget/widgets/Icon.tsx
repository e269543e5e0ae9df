import type { ReactElement } from 'react'

/** Line icons of the widget (24×24, currentColor); always decorative, the text says what they mean. */
const PATHS = {
  arrowLeft: 'M19 12H5m6-6-6 6 6 6',
  check: 'M5 12.5 10 17.5 19.5 7',
  chevronDown: 'M6 9l6 6 6-6',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  download: 'M12 4v11m-5-5 5 5 5-5M5 20h14',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff: 'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  alert: 'M12 8v5m0 3.5v.5M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  clock: 'M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
  success: 'M8 12.5l3 3 5-6m5 2.5a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
  mail: 'M3 6h18v12H3zm0 0 9 7 9-7',
  key: 'M15 7a4 4 0 1 1-3.9 5H3v3h3v-2h3v2h2.1A4 4 0 0 1 15 7z',
} as const

export type IconName = keyof typeof PATHS

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }): ReactElement {
  return (
    <svg
      className={className ? `sid-icon ${className}` : 'sid-icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  )
}
