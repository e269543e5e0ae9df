/**
 * Private-path rules must be valid globs and must protect something: a rule that matches no
 * route leaves the pages it was meant for public (the spec's own `/docs/category/private/*`
 * matches none of its Private pages). Also: the redirect target for refused readers must be a
 * public route, or refused readers would loop, and so must the main doc the docs root sends
 * everyone to. And a site that publishes its private pages
 * (privatePages: 'client-only') hears so on every build.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Manifest, Route } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { locateInSource } from '../diagnostics/locate-in-source.js'
import type { CompiledRule, InvalidRule } from '../manifest/private-path-rules.js'
import { compilePrivatePathRules } from '../manifest/private-path-rules.js'

export interface ConfigSource {
  readonly file: string
  readonly text: string
}

/** Every problem with the private-path rules and the redirects around private pages, in order. */
export function checkPrivatePaths(
  manifest: Manifest,
  rules: { compiled: readonly CompiledRule[]; invalid: readonly InvalidRule[] },
  config: ResolvedConfig,
  source: ConfigSource,
): Diagnostic[] {
  const at = (value: string) => locateInSource(source.text, value)
  return [
    ...invalidRules(rules.invalid, source, at),
    ...ruleProblems(manifest, rules.compiled, source, at),
    ...privateMainDoc(manifest, config, source, at),
    ...(config.privatePages === 'client-only' ? [publishedPrivatePages(source, at)] : []),
    ...redirectTargetProblems(manifest, config, source, at),
  ]
}

type Locate = (value: string) => ReturnType<typeof locateInSource>

function invalidRules(invalid: readonly InvalidRule[], source: ConfigSource, at: Locate): Diagnostic[] {
  return invalid.map(({ rule, index, reason }) =>
    diagnostic({
      file: source.file,
      ruleId: 'private-path-invalid-glob',
      message: `Private path rule login.privatePaths[${index}] "${rule.path}" ${reason}`,
      suggestion: 'Escape literal brackets with "\\", or write a plain route path such as "/docs/Private/".',
      ...at(rule.path),
    }),
  )
}

/** Rules too broad to be meant, and rules that match no route (so protect nothing). */
function ruleProblems(manifest: Manifest, compiledRules: readonly CompiledRule[], source: ConfigSource, at: Locate): Diagnostic[] {
  const problems: Diagnostic[] = []
  // Generated pages (404, the docs root redirect) are never what a rule is written for.
  const candidates = manifest.routes.filter((route) => route.kind !== 'notFound' && route.kind !== 'redirect')
  const pages = candidates.filter((route) => route.path !== '/')
  for (const compiled of compiledRules) {
    const rule = `Private path rule login.privatePaths[${compiled.index}] "${compiled.rule.path}"`
    const broad = tooBroad(compiled, rule, pages)
    if (broad) problems.push(diagnostic({ file: source.file, ruleId: 'private-path-too-broad', ...broad, ...at(compiled.rule.path) }))
    if (candidates.some((route) => compiled.test(route.path))) continue
    const suggestion = suggestRule(compiled.rule.path, candidates.map((route) => route.path))
    problems.push(
      diagnostic({
        file: source.file,
        ruleId: 'private-path-unmatched',
        message: `${rule} matches no route, so it protects nothing and the pages it was meant for are public`,
        suggestion: suggestion
          ? `Did you mean "${suggestion.rule}"? It would match ${suggestion.matches.length} route${suggestion.matches.length === 1 ? '' : 's'}: ${suggestion.matches
              .slice(0, 5)
              .map((path) => `"${path}"`)
              .join(', ')}${suggestion.matches.length > 5 ? ', …' : ''}.`
          : 'Rules match canonical route paths, case-sensitively; run `docsgen build` and see manifest.json for the routes.',
        ...at(compiled.rule.path),
      }),
    )
  }
  return problems
}

/** The docs root, and the not-found page's "read the docs" link, name the main doc publicly. */
function privateMainDoc(manifest: Manifest, config: ResolvedConfig, source: ConfigSource, at: Locate): Diagnostic[] {
  const routes = new Map(manifest.routes.map((route) => [route.path, route]))
  return manifest.routes
    .filter((route) => route.kind === 'redirect' && !route.access.private && config.privatePages !== 'client-only' && routes.get(route.redirectTo!)?.access.private)
    .map((route) =>
      diagnostic({
        file: source.file,
        ruleId: 'redirect-target-private',
        message: `"${route.path}" sends readers on to the main doc "${route.redirectTo}", which is private, so every reader would be sent to sign in and its path would be public`,
        suggestion: 'Set docs.mainDoc to a public doc (its path under content/docs, without the extension).',
        ...(/mainDoc\s*:/.test(source.text) ? at('mainDoc') : {}),
      }),
    )
}

function publishedPrivatePages(source: ConfigSource, at: Locate): Diagnostic {
  return diagnostic({
    file: source.file,
    ruleId: 'private-pages-public',
    severity: 'warning',
    message: "privatePages is 'client-only': private pages are written to the public output and only hidden in the browser, so anyone can read them",
    suggestion: "Remove privatePages to serve them only to readers who sign in (the default, 'gate'), or set it to 'exclude' to leave them out.",
    ...at('privatePages'),
  })
}

/** Refused readers are sent to login.privateRedirectPath: it must be a public page. */
function redirectTargetProblems(manifest: Manifest, config: ResolvedConfig, source: ConfigSource, at: Locate): Diagnostic[] {
  const login = config.login
  if (!login) return []
  // Where the config sets the redirect target; by default it is not written anywhere, so point at login.
  const redirectAt = /privateRedirectPath\s*:/.test(source.text) ? at(login.privateRedirectPath) : locateInSource(source.text, 'login')
  const target = manifest.routes.find((route) => route.path === login.privateRedirectPath)
  const problem = (ruleId: 'missing-route' | 'redirect-target-private', message: string) =>
    diagnostic({ file: source.file, ruleId, message, suggestion: 'Point it at a public page, such as "/".', ...redirectAt })
  if (!target) return [problem('missing-route', `login.privateRedirectPath "${login.privateRedirectPath}" matches no page`)]
  if (target.access.private) return [problem('redirect-target-private', `login.privateRedirectPath "${login.privateRedirectPath}" is itself private, so refused readers would be redirected in a loop`)]
  return []
}

/**
 * A rule that makes the home page private puts the whole site behind sign-in with nowhere public
 * for refused readers; one that makes every other page (`pages`) private is flagged (it may be meant).
 */
function tooBroad(compiled: CompiledRule, rule: string, pages: readonly Route[]): Pick<Diagnostic, 'severity' | 'message' | 'suggestion'> | undefined {
  const fix = 'name the private sections instead, such as "/docs/Private/**": rules match route paths, and "**" crosses "/".'
  if (compiled.test('/'))
    return {
      severity: 'error',
      message: `${rule} matches "/", the home page, so the whole site would sit behind sign-in and refused readers would have no public page to land on`,
      suggestion: `${fix[0]!.toUpperCase()}${fix.slice(1)}`,
    }
  if (pages.length < 2 || !pages.every((route) => compiled.test(route.path))) return undefined
  return {
    severity: 'warning',
    message: `${rule} makes every page but the home page private (${pages.length} pages), so readers who do not sign in see nothing but the home page`,
    suggestion: `If that is meant, keep it; otherwise ${fix}`,
  }
}

/**
 * The rule the author probably meant: find the rule's literal part case-insensitively among the
 * routes' segments (`/docs/category/private/*` → the `Private` folder) and cover everything under it.
 */
function suggestRule(rulePath: string, routes: readonly string[]): { rule: string; matches: string[] } | undefined {
  const literal = rulePath.split(/[*?[{(!]/)[0]!
  // Only the last literal segment is meaningful: `/docs/category/private/*` names "private", and
  // suggesting "/docs/category/**" instead would protect the wrong pages.
  const wanted = literal.split('/').filter(Boolean).pop()?.toLowerCase()
  if (wanted === undefined) return undefined
  for (const route of routes) {
    const parts = route.split('/')
    const position = parts.findIndex((part, partIndex) => partIndex > 0 && part.toLowerCase() === wanted)
    if (position === -1) continue
    const rule = `${parts.slice(0, position + 1).join('/')}/**`
    const { compiled } = compilePrivatePathRules([{ path: rule, groups: [] }])
    return { rule, matches: routes.filter((path) => compiled[0]!.test(path)) }
  }
  return undefined
}
