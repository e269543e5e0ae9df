/**
 * Paths as docsgen shows and keeps them (in diagnostics, ledgers, manifests, bundles' inputs):
 * with "/" between their parts on every system, Windows included.
 */
import { relative, sep } from 'node:path'

/** `path` with the system's separator written "/". */
export function withSlashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/')
}

/** The relative path from `from` to `to`, written with "/". */
export function slashRelative(from: string, to: string): string {
  return withSlashes(relative(from, to))
}
