import type { ReactElement } from 'react'

/**
 * Small marks for the social providers (a letter on the brand colour; Microsoft's four squares),
 * decorative next to the button's text. A factor's own `logo` replaces them.
 */
const MARKS: Readonly<Record<string, { color: string; letter: string }>> = {
  apple: { color: '#000000', letter: '' },
  bitbucket: { color: '#0052cc', letter: 'B' },
  facebook: { color: '#1877f2', letter: 'f' },
  github: { color: '#24292f', letter: 'G' },
  gitlab: { color: '#e24329', letter: 'G' },
  google: { color: '#4285f4', letter: 'G' },
  line: { color: '#06c755', letter: 'L' },
  okta: { color: '#007dc1', letter: 'O' },
}

export function ProviderIcon({ provider }: { provider: string }): ReactElement | null {
  if (provider === 'azuread') {
    return (
      <svg className="sid-sso-logo" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <rect x="1" y="1" width="8.5" height="8.5" fill="#f25022" />
        <rect x="10.5" y="1" width="8.5" height="8.5" fill="#7fba00" />
        <rect x="1" y="10.5" width="8.5" height="8.5" fill="#00a4ef" />
        <rect x="10.5" y="10.5" width="8.5" height="8.5" fill="#ffb900" />
      </svg>
    )
  }
  const mark = Object.hasOwn(MARKS, provider) ? MARKS[provider]! : undefined
  if (!mark) return null
  return (
    <svg className="sid-sso-logo" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <rect width="20" height="20" rx="5" fill={mark.color} />
      {mark.letter ? (
        <text x="10" y="14.5" textAnchor="middle" fontSize="13" fontWeight="700" fontFamily="sans-serif" fill="#ffffff">
          {mark.letter}
        </text>
      ) : (
        <path d="M13.3 10.6c0-1.6 1.3-2.3 1.3-2.4-.7-1-1.8-1.2-2.2-1.2-.9-.1-1.8.6-2.3.6s-1.2-.5-2-.5c-1 0-2 .6-2.5 1.5-1.1 1.9-.3 4.7.8 6.2.5.7 1.1 1.6 1.9 1.5.8 0 1.1-.5 2-.5s1.2.5 2 .5c.8 0 1.4-.8 1.9-1.5.6-.8.8-1.6.8-1.7 0 0-1.7-.6-1.7-2.5zM11.8 5.9c.4-.5.7-1.2.6-1.9-.6 0-1.3.4-1.8.9-.4.4-.7 1.1-.6 1.8.7.1 1.4-.3 1.8-.8z" fill="#ffffff" />
      )}
    </svg>
  )
}
