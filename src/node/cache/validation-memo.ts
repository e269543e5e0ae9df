/**
 * The validate stage's result kept across builds (in .docsgen/cache/incremental/), under a hash
 * of everything it is made of: every document but its body, the assets, the categories, drafts
 * and sidebars files, the config and its source (the manifest is made of these too). A change to
 * a page's body alone (what most edits are) leaves that hash as it was, and the result is read
 * back instead of the site being checked again; any other change checks it again. Inputs that
 * are not plain data (a function or class instance a sidebars file exports) cannot be hashed
 * faithfully: such a site is always checked. The manifest itself is made again: read back, its
 * 13 MB at 10 000 docs cost as long to parse as to make, and held that much more memory.
 */
import { createHash } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { documentDigest } from '../content/parse-cache.js'
import { readSealedJson, writeSealed } from '../files/sealed-file.js'
import type { Validation } from '../validate/validate-site.js'
import type { SiteContent } from '../content/read-site-content.js'

export interface ValidationMemo {
  /** The hash of the inputs (undefined: not plain data): what the manifest is made of too, so it stands for the manifest. */
  readonly inputs: () => string | undefined
  /** The validation kept for these inputs, if there is. */
  readonly recall: () => Validation | undefined
  /** Keeps this build's validation for its inputs (once per inputs: an unchanged memo is not written again). */
  readonly save: (validation: Validation) => void
}

/** What validation is made of besides the cache's key (the config's text is in it). */
export interface ValidationInputs {
  readonly content: SiteContent
  readonly config: unknown
  readonly configSource: unknown
}

const prefix = 'validation-'

export function openValidationMemo(dir: string, key: string, inputs: ValidationInputs): ValidationMemo {
  // Hashed when first asked: within the validate stage's time.
  let hash: string | undefined | null = null
  const hashOf = () => (hash === null ? (hash = inputsHash(key, inputs)) : hash)
  const fileOf = () => {
    const hash = hashOf()
    return hash && join(dir, `${prefix}${hash}.json`)
  }
  let recalled = false
  return {
    inputs: hashOf,
    recall() {
      const file = fileOf()
      if (file === undefined) return undefined
      // None yet, or not one the seal vouches for: the site is checked.
      const saved = readSealedJson(file, key, isSaved)
      recalled = saved !== undefined
      return saved?.validation
    },
    save(validation) {
      const file = fileOf()
      if (file === undefined || recalled) return
      for (const name of readdirSync(dir)) if (name.startsWith(prefix)) rmSync(join(dir, name), { force: true })
      writeSealed(file, key, JSON.stringify({ format: 2, validation } satisfies Saved))
    },
  }
}

interface Saved {
  readonly format: 2
  readonly validation: Validation
}

function isSaved(value: unknown): value is Saved {
  const saved = value as Partial<Saved> | null
  return typeof saved === 'object' && saved !== null && saved.format === 2 && Array.isArray(saved.validation?.diagnostics) && typeof saved.validation.links === 'number'
}

class NotPlainData extends Error {}

/** A hash of the inputs, or undefined when they hold anything JSON would not keep as it is. */
function inputsHash(key: string, { content, config, configSource }: ValidationInputs): string | undefined {
  const { documents, categories, versionedSidebars, ...rest } = content
  const hash = createHash('sha256').update(key)
  // The documents and categories are docsgen's own plain data (the parse cache keeps them as JSON):
  // hashed as they are, each once (the cache knows the hashes of those it hands out).
  for (const document of documents) hash.update('\0').update(documentDigest(document))
  hash.update('\0').update(JSON.stringify([...categories]))
  // The rest holds what the site's own code made (sidebars files' exports, the config): checked to be plain data.
  try {
    return hash.update('\0').update(JSON.stringify([[...(versionedSidebars ?? [])], rest, config, configSource], plainOnly)).digest('base64url')
  } catch (error) {
    if (error instanceof NotPlainData) return undefined
    throw error
  }
}

/**
 * JSON's replacer: anything but plain objects, arrays and primitives is refused. A property set
 * to undefined counts as missing, as it does in the parse cache's documents (saved as JSON); an
 * array's undefined item is told from null.
 */
function plainOnly(this: unknown, _key: string, value: unknown): unknown {
  if (value === undefined) return Array.isArray(this) ? '\0undefined' : undefined
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new NotPlainData()
  if (typeof value === 'number' && !Number.isFinite(value)) throw new NotPlainData()
  if (value !== null && typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value) as unknown
    if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) throw new NotPlainData()
  }
  return value
}
