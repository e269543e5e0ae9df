/**
 * Runs every check over the manifest and the parsed content and returns all problems found.
 * Never throws for content problems: the build prints them all and fails once.
 */
import { sortDiagnostics, type Diagnostic } from '../../shared/diagnostic.js'
import type { Manifest } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import type { ParsedContent } from '../content/parse-content.js'
import type { CompiledRule, InvalidRule } from '../manifest/private-path-rules.js'
import { checkLinks } from './check-links.js'
import { checkNavigation } from './check-navigation.js'
import { checkPrivateIncludes } from './check-private-includes.js'
import { checkPrivatePaths, type ConfigSource } from './check-private-paths.js'
import { checkReservedPaths } from './check-reserved-paths.js'

export interface ValidateInput {
  readonly manifest: Manifest
  readonly content: Pick<ParsedContent, 'documents' | 'assetFiles' | 'drafts'>
  readonly config: ResolvedConfig
  readonly rules: { compiled: readonly CompiledRule[]; invalid: readonly InvalidRule[] }
  readonly configSource: ConfigSource
}

export interface Validation {
  readonly diagnostics: readonly Diagnostic[]
  /** Links checked. */
  readonly links: number
}

export function validateSite(input: ValidateInput): Validation {
  const diagnostics = sortDiagnostics([
    ...checkLinks(input.manifest, input.content, input.config),
    ...checkNavigation(input.manifest, input.config, input.configSource),
    ...checkPrivatePaths(input.manifest, input.rules, input.config, input.configSource),
    // 'client-only' publishes private pages anyway; including one publishes nothing more.
    ...(input.config.privatePages === 'client-only' ? [] : checkPrivateIncludes(input.manifest, input.content, input.rules.compiled, input.config)),
    ...checkReservedPaths(input.manifest),
  ])
  return { diagnostics, links: input.content.documents.reduce((sum, document) => sum + document.links.length, 0) }
}

/** The validate stage's line. */
export function describeValidation({ diagnostics, links }: Validation): string {
  return `${links} links, ${diagnostics.length} problems`
}
