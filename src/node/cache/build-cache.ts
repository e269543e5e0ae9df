/**
 * The cache of incremental builds, in .docsgen/cache/incremental/: parse results by source file
 * (content/parse-cache.ts), the search index's records (write/search-record-cache.ts), what each
 * output file was rendered from (write/output-ledger.ts) and the validation (validation-memo.ts),
 * all under a key of docsgen's code and the site's config (build-key.ts). A build with the cache
 * parses the files that changed, indexes the pages that changed and renders the pages whose
 * inputs changed; its output is the same bytes as a build without it.
 */
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { Manifest } from '../../shared/manifest.js'
import { openParseCache, type ParseCache } from '../content/parse-cache.js'
import type { ContentDocument } from '../content/parse-content.js'
import { openLedgerFile, type LedgerFile } from '../write/ledger-file.js'
import { buildKey } from './build-key.js'
import { openValidationMemo, type ValidationInputs, type ValidationMemo } from './validation-memo.js'

export interface BuildCache {
  readonly parse: ParseCache<ContentDocument>
  readonly ledgers: LedgerFile
  /** The source files changed since the last build, when the caller knows (site-relative, `/`). */
  readonly changedFiles: ReadonlySet<string> | undefined
  /** Where the search indexer keeps its records, and the key they are valid under. */
  readonly search: { readonly dir: string; readonly key: string }
  /** The validate stage's result kept for these inputs (validation-memo.ts). */
  readonly validation: (inputs: ValidationInputs) => ValidationMemo
  /** What every page is made from besides its own inputs. */
  readonly globalInputs: (shared: unknown) => string
  /**
   * A hash of the manifest under `global` inputs: what every page's inputs are made of besides
   * its own (page-inputs.ts). `made`: the hash of what the manifest was made of (validation-memo.ts),
   * which stands for it when known.
   */
  readonly siteInputs: (global: string, manifest: Manifest, made: string | undefined) => string
}

export function openBuildCache(cacheDir: string, configSource: string, changedPaths: readonly string[] | undefined): BuildCache {
  const dir = join(cacheDir, 'incremental')
  const key = buildKey(configSource)
  return {
    parse: openParseCache(dir, key),
    ledgers: openLedgerFile(join(dir, 'output.json'), key),
    search: { dir: join(dir, 'search'), key },
    validation: (inputs) => openValidationMemo(dir, key, inputs),
    changedFiles: changedPaths && new Set(changedPaths.map((path) => path.split('\\').join('/'))),
    globalInputs: (shared) => createHash('sha1').update(key).update(JSON.stringify(shared)).digest('base64url'),
    siteInputs(global, { routes, ...rest }, made) {
      if (made !== undefined) return createHash('sha1').update(key).update(global).update('\0made of\0').update(made).digest('base64url')
      // Route by route: one string of a 10 000-doc manifest (13 MB) cost as much in collecting it as in making it.
      const hash = createHash('sha1').update(key).update(global).update(JSON.stringify(rest))
      for (const route of routes) hash.update('\0').update(JSON.stringify(route))
      return hash.digest('base64url')
    },
  }
}
