/**
 * Theme variables: colours, font family, border widths and radii, logo width.
 * Colours must be hex (3 or 6 digits) or rgba, sizes must end in px, fonts are Open Sans, Inter
 * or sans-serif. Every bad value is reported with its key; good ones become CSS custom
 * properties on the widget's root.
 */

export type ThemeMode = 'light' | 'dark' | 'auto'

export const THEME_COLORS = [
  'primary',
  'primaryHover',
  'onPrimary',
  'background',
  'surface',
  'foreground',
  'mutedForeground',
  'border',
  'error',
  'success',
  'focus',
] as const
export type ThemeColor = (typeof THEME_COLORS)[number]

export const THEME_SIZES = ['borderWidth', 'borderRadius', 'buttonBorderRadius', 'inputBorderRadius', 'logoWidth'] as const
export type ThemeSize = (typeof THEME_SIZES)[number]

export const THEME_FONTS = ['Open Sans', 'Inter', 'sans-serif'] as const
export type ThemeFont = (typeof THEME_FONTS)[number]

export interface ThemeVariables {
  /** Light, dark, or auto (follows the reader's system setting); default auto. */
  readonly mode?: ThemeMode
  readonly colors?: Partial<Record<ThemeColor, string>>
  readonly fontFamily?: ThemeFont
  readonly borderWidth?: string
  readonly borderRadius?: string
  readonly buttonBorderRadius?: string
  readonly inputBorderRadius?: string
  readonly logoWidth?: string
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
const BYTE = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
const ALPHA = '(?:0|1|0?\\.\\d+|1\\.0+)'
const RGBA = new RegExp(`^rgba\\(\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${ALPHA}\\s*\\)$`, 'i')
const PX = /^\d+(?:\.\d+)?px$/

const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value)))
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

export function isThemeColor(value: unknown): value is string {
  return typeof value === 'string' && (HEX.test(value) || RGBA.test(value))
}

export interface ResolvedTheme {
  readonly mode: ThemeMode
  /** CSS custom properties, e.g. `--sid-color-primary`. */
  readonly cssVariables: Readonly<Record<string, string>>
}

/** Checks the `theme` option; returns the theme and every problem found. */
export function resolveTheme(variables: unknown): { theme: ResolvedTheme; problems: string[] } {
  const problems: string[] = []
  const cssVariables: Record<string, string> = {}
  let mode: ThemeMode = 'auto'
  if (variables !== undefined && (typeof variables !== 'object' || variables === null || Array.isArray(variables))) {
    problems.push(`theme must be an object of theme variables, got ${show(variables)}`)
    return { theme: { mode, cssVariables }, problems }
  }
  for (const [key, value] of Object.entries((variables ?? {}) as Record<string, unknown>)) {
    if (key === 'mode') {
      if (value === 'light' || value === 'dark' || value === 'auto') mode = value
      else problems.push(`theme.mode must be "light", "dark" or "auto", got ${show(value)}`)
    } else if (key === 'colors') checkColors(value, cssVariables, problems)
    else if (key === 'fontFamily') {
      if ((THEME_FONTS as readonly unknown[]).includes(value)) {
        cssVariables['--sid-font-family'] = value === 'sans-serif' ? 'sans-serif' : `"${value}", sans-serif`
      } else problems.push(`theme.fontFamily must be one of "Open Sans", "Inter" or "sans-serif", got ${show(value)}`)
    } else if ((THEME_SIZES as readonly string[]).includes(key)) {
      if (typeof value === 'string' && PX.test(value)) cssVariables[`--sid-${kebab(key)}`] = value
      else problems.push(`theme.${key} must be a size in px (e.g. "8px"), got ${show(value)}`)
    } else {
      problems.push(`theme.${key} is not a theme variable; use one of mode, colors, fontFamily, ${THEME_SIZES.join(', ')}`)
    }
  }
  return { theme: { mode, cssVariables }, problems }
}

function checkColors(value: unknown, cssVariables: Record<string, string>, problems: string[]) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`theme.colors must be an object of colours, got ${show(value)}`)
    return
  }
  for (const [name, color] of Object.entries(value)) {
    if (!(THEME_COLORS as readonly string[]).includes(name)) {
      problems.push(`theme.colors.${name} is not a theme colour; use one of ${THEME_COLORS.join(', ')}`)
    } else if (isThemeColor(color)) {
      cssVariables[`--sid-color-${kebab(name)}`] = color
    } else {
      problems.push(`theme.colors.${name} must be a hex colour (#abc or #aabbcc) or rgba(…), got ${show(color)}`)
    }
  }
}
