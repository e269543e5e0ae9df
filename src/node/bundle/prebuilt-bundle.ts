/**
 * docsgen's own browser code (the runtime, the login widget, the sign-in shell, the theme's
 * stylesheet) is the same for every site: no site setting reaches what esbuild makes of it. So it
 * is made once, when docsgen is compiled (scripts/compile.mjs saves it in dist/bundles/), and a
 * build reads it from there instead of running esbuild again.
 * A saved copy records a hash of each of docsgen's files it was made from. Run from src/ (no
 * saved copy), or with a file changed since the compile, the code is bundled afresh: a site is
 * the same bytes whichever way it was made.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { slashRelative } from '../files/slash-path.js'

/** What a bundle function makes, with the files it was made from (absolute paths). */
export interface Made<T> {
  readonly value: T
  readonly sources: readonly string[]
}

interface Saved<T> {
  readonly value: T
  /** Hash of each file made from, by its path relative to the package. */
  readonly sources: Readonly<Record<string, string>>
}

// Three folders below the package, from src/ and dist/ alike (see bundle-client.ts).
const packageRoot = fileURLToPath(new URL('../../../', import.meta.url))
/** dist/bundles/ when running the compiled code; src/bundles/, which never exists, from source. */
export const PREBUILT_FOLDER = fileURLToPath(new URL('../../bundles/', import.meta.url))

/** The saved copy of `name` if its sources are unchanged, else what `make` makes now. */
export async function prebuilt<T>(name: string, make: () => Promise<Made<T>>, folder = PREBUILT_FOLDER): Promise<T> {
  const saved = await readSaved<T>(join(folder, `${name}.json`))
  if (saved !== undefined && (await unchanged(saved.sources))) return saved.value
  return (await make()).value
}

export async function savePrebuilt<T>(name: string, made: Made<T>, folder = PREBUILT_FOLDER): Promise<void> {
  const sources: Record<string, string> = {}
  // The packages bundled in (React) are pinned by the lock file docsgen was compiled with; only its own files can change under it.
  for (const path of made.sources.filter((path) => path.startsWith(packageRoot) && !path.includes(`${sep}node_modules${sep}`)).sort()) {
    sources[slashRelative(packageRoot, path)] = hash(await readFile(path))
  }
  await mkdir(folder, { recursive: true })
  await writeFile(join(folder, `${name}.json`), JSON.stringify({ value: made.value, sources } satisfies Saved<T>, bytesAsBase64))
}

/** The files esbuild read for a bundle, from its metafile (whose paths are relative to the current folder). */
export function bundledSources(metafile: { readonly inputs: Readonly<Record<string, unknown>> }): string[] {
  return Object.keys(metafile.inputs).map((input) => resolve(input))
}

async function readSaved<T>(path: string): Promise<Saved<T> | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8'), base64AsBytes) as Saved<T>
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

async function unchanged(sources: Saved<unknown>['sources']): Promise<boolean> {
  const checks = Object.entries(sources).map(async ([file, expected]) => {
    try {
      return hash(await readFile(join(packageRoot, file))) === expected
    } catch {
      return false
    }
  })
  return (await Promise.all(checks)).every(Boolean)
}

const hash = (data: Uint8Array) => createHash('sha256').update(data).digest('base64url')

function bytesAsBase64(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? { base64: Buffer.from(value).toString('base64') } : value
}

function base64AsBytes(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Object.keys(value).length !== 1 || typeof (value as { base64?: unknown }).base64 !== 'string') return value
  return new Uint8Array(Buffer.from((value as { base64: string }).base64, 'base64'))
}
