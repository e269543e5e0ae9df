/**
 * The Content-Type of a served file, by its extension. Text types carry their charset; anything
 * unknown is sent as bytes (with `X-Content-Type-Options: nosniff` a browser never guesses it into
 * HTML or script).
 */
const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
  wasm: 'application/wasm',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  zip: 'application/zip',
  // Pagefind's index files: its WebAssembly, and fragments and indexes it reads as bytes.
  pagefind: 'application/wasm',
  pf_meta: 'application/octet-stream',
  pf_index: 'application/octet-stream',
  pf_fragment: 'application/octet-stream',
}

const BYTES = 'application/octet-stream'

/** `docs/intro.html` → `text/html; charset=utf-8`; `LICENSE` → `application/octet-stream`. */
export function contentType(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return BYTES
  return TYPES[name.slice(dot + 1).toLowerCase()] ?? BYTES
}
