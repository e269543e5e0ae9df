/**
 * The scheme of a URL as a browser reads it: leading spaces and control characters, and tabs and
 * newlines anywhere, do not count, and letter case does not matter (`\tJaVa\nScript:` is
 * `javascript`). Undefined for relative URLs.
 */
export function urlScheme(url: string): string | undefined {
  return /^([a-z][a-z\d+.-]*):/i.exec(url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, ''))?.[1]?.toLowerCase()
}

/** Schemes that run code or carry a document of their own: never in a link, an image or a config href. */
export const unsafeSchemes: ReadonlySet<string> = new Set(['javascript', 'vbscript', 'data'])
