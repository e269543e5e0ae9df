/**
 * A page's YAML front matter → the keys the build uses (read with the reading kit,
 * src/shared/read-value.ts), with a diagnostic for every problem.
 * Front matter is data, never code, and is read in time linear in its size: the YAML library's
 * own duplicate-key check compares each key with every key before it (20 000 keys took 3 s,
 * 80 000 took 75 s), so duplicates are found here with a set instead.
 */
import type { Root as MdastRoot } from 'mdast'
import { Composer, isScalar, Parser, visit, YAMLParseError, type Document } from 'yaml'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { isDocusaurusFolder, type ResolvedConfig } from '../config/resolve-config.js'
import type { SourceLink } from '../../shared/manifest.js'
import { ValueReader, type ValueAt, type ValuePath } from '../../shared/read-value.js'
import { yamlLocator } from '../../shared/yaml-locator.js'
import { createPositionLookup } from '../diagnostics/locate-in-source.js'
import { readProblemDiagnostic } from '../diagnostics/read-problem-diagnostic.js'
import { yamlGuards } from '../diagnostics/yaml-source.js'
import { readAuthorSocials, type AuthorSocial } from './author-socials.js'
import { readTagPermalink } from './read-tag-permalink.js'
import { readPostDate } from './read-post-date.js'

export interface FrontMatter {
  readonly title: string | undefined
  readonly description: string | undefined
  readonly sidebarLabel: string | undefined
  readonly sidebarPosition: number | undefined
  /** Docusaurus's doc id, which replaces the file name in the id and the URL (no "/"). */
  readonly id: string | undefined
  /** The URL, relative to the doc's folder or (starting with "/") to the docs root. */
  readonly slug: string | undefined
  /** Left out of a production build. */
  readonly draft: boolean
  /** Built, but kept out of the sidebar, the sitemap and search. */
  readonly unlisted: boolean
  readonly hideTitle: boolean
  readonly hideTableOfContents: boolean
  readonly tocMinHeadingLevel: number | undefined
  readonly tocMaxHeadingLevel: number | undefined
  /** A doc id, or null for none; undefined follows the sidebar. */
  readonly paginationPrev: string | null | undefined
  readonly paginationNext: string | null | undefined
  readonly sidebarClassName: string | undefined
  readonly keywords: readonly string[]
  readonly tags: readonly DocTag[]
  /** A blog post's date, as an ISO time (`2024-01-05T00:00:00.000Z`). */
  readonly date: string | undefined
  /** A blog post's authors: keys into `content/blog/authors.yml`, or written out. */
  readonly authors: readonly (string | PostAuthor)[]
  /** Link syntax written in text values: shown as written, checked all the same. */
  readonly links: readonly SourceLink[]
}

/** A tag as front matter writes it: a label, and optionally where its page is. */
export interface DocTag {
  readonly label: string
  readonly permalink: string | undefined
}

/** An author as Docusaurus's blog writes one (`authors.yml` or inline). */
export interface PostAuthor {
  readonly name: string | undefined
  readonly title: string | undefined
  readonly url: string | undefined
  readonly imageUrl: string | undefined
  /** The name of the author's page under the blog's `authors/` (authors.yml's `page: true`: the key; or its `permalink`). */
  readonly page?: string
  readonly socials?: readonly AuthorSocial[]
}

const usedFrontMatter = [
  'title',
  'description',
  'sidebar_label',
  'sidebar_position',
  'id',
  'slug',
  'draft',
  'unlisted',
  'hide_title',
  'hide_table_of_contents',
  'toc_min_heading_level',
  'toc_max_heading_level',
  'pagination_prev',
  'pagination_next',
  'sidebar_class_name',
  'keywords',
  'tags',
]

/**
 * Keys Docusaurus and VitePress pages carry that change nothing here: accepted without a warning,
 * so a site moved over as it is reports only what is really wrong.
 */
const toleratedFrontMatter = [
  'image',
  'sidebar_custom_props',
  'custom_edit_url',
  'parse_number_prefixes',
  'displayed_sidebar',
  'pagination_label',
  'sidebar_key',
  'last_update',
  'title_meta',
  // Read for blog posts; not listed among a doc's known keys, where they change nothing.
  'authors',
  'date',
  'layout',
  'hero',
  'features',
  'outline',
  'aside',
  'editLink',
  'lastUpdated',
  'prev',
  'next',
  'head',
  'pageClass',
  'navbar',
  'sidebar',
  'footer',
  'search',
  'comments',
  'titleTemplate',
]


/**
 * Longer front matter is refused unread: real front matter is a few hundred bytes, and the YAML
 * library needs some 10 µs per byte of broken, deeply nested input.
 */
const maxFrontMatterLength = 512 * 1024

/** Aliases (`*name`) allowed in one front matter, and how many nodes they may expand to (YAML's own guard). */
const maxAliases = 100

/** Front matter of a page that has none: every key at its default. */
export const emptyFrontMatter: FrontMatter = {
  title: undefined,
  description: undefined,
  sidebarLabel: undefined,
  sidebarPosition: undefined,
  id: undefined,
  slug: undefined,
  draft: false,
  unlisted: false,
  hideTitle: false,
  hideTableOfContents: false,
  tocMinHeadingLevel: undefined,
  tocMaxHeadingLevel: undefined,
  paginationPrev: undefined,
  paginationNext: undefined,
  sidebarClassName: undefined,
  keywords: [],
  tags: [],
  date: undefined,
  authors: [],
  links: [],
}

type Report = (message: string, offset: number | undefined, suggestion?: string, severity?: 'error' | 'warning') => void

/**
 * Whether a site's pages may carry front matter keys of their own without a warning: Docusaurus
 * and VitePress accept any key (a site's components and theme read them), so a site moved over as
 * it is would get one warning per page. A docsgen site is told of every key it does not know; a
 * Docusaurus or VitePress one of a key close to one it knows (`sidebar_positon`).
 */
export function acceptsCustomFrontMatter(config: Pick<ResolvedConfig, 'folders' | 'markdown'>): boolean {
  return isDocusaurusFolder(config) || config.markdown.flavor === 'vitepress'
}

export function readFrontMatter(mdast: MdastRoot, file: string, diagnostics: Diagnostic[], options: { readonly customKeys?: boolean } = {}): FrontMatter {
  const node = mdast.children[0]
  if (!node || node.type !== 'yaml') return emptyFrontMatter
  // The YAML starts on the line after the opening `---`.
  const firstLine = (node.position?.start.line ?? 1) + 1
  const positionOf = createPositionLookup(node.value)
  const report: Report = (message, offset, suggestion, severity = 'error') => {
    const place = offset === undefined ? { line: 1, column: 1 } : positionOf(offset)
    diagnostics.push(diagnostic({ file, ruleId: 'front-matter-invalid', message, suggestion, severity, line: firstLine + place.line - 1, column: place.column }))
  }
  const language = node.data?.frontMatterLanguage
  if (language !== undefined && !/^ya?ml$/i.test(language)) {
    diagnostics.push(
      diagnostic({
        file,
        line: firstLine - 1,
        column: 4,
        ruleId: 'front-matter-invalid',
        message: `Front matter in "${language}" is not read, and never run: only YAML front matter is`,
        suggestion: 'Write it as YAML (`title: My page`) after a plain `---` line.',
      }),
    )
    return emptyFrontMatter
  }
  if (node.value.length > maxFrontMatterLength) {
    report(`Front matter is ${node.value.length} characters long; it may be at most ${maxFrontMatterLength}`, undefined, 'Keep a few keys in front matter; move data out of the page.')
    return emptyFrontMatter
  }
  // Most front matter is a few plain lines, read without the YAML library; the library places
  // their problems (unknown keys, wrong types) only if there are any.
  const simple = simpleFrontMatter(node.value)
  const read = simple ? { data: simple, document: () => composeDocument([...new Parser().parse(node.value)], node.value.length) } : readYaml(node.value, report)
  if (read === undefined) return emptyFrontMatter
  const { data } = read
  let locate: ReturnType<typeof yamlLocator> | undefined
  const reader = new ValueReader((path, part) => (locate ??= yamlLocator(read.document(), yamlGuards, positionOf))(path, part))
  const frontMatter = knownKeys(reader.root(data), (key) => {
    const node = read.document().get(key, true)
    return isScalar(node) && node.type !== 'PLAIN'
  })
  const links = textLinks(reader.root(data), (path) => {
    const place = reader.locate(path, 'value')
    return place && { line: place.line + firstLine - 1, column: place.column }
  })
  for (const link of links)
    diagnostics.push(
      diagnostic({
        file,
        ...link.position,
        ruleId: 'front-matter-invalid',
        severity: 'warning',
        message: `Front matter "${link.key}" shows "${link.written}" as it is written: front matter is plain text, not Markdown`,
        suggestion: "Write it without link syntax, and link from the page's text.",
      }),
    )
  // A key of the site's own is accepted; one a letter or two from a known key is still a typo.
  const accepted = (problem: (typeof reader.problems)[number]) =>
    toleratedFrontMatter.includes(String(problem.path[0])) || (options.customKeys === true && problem.path.length === 1 && !problem.suggestion?.startsWith('Did you mean'))
  for (const problem of reader.problems.filter((problem) => !(problem.part === 'key' && accepted(problem))))
    diagnostics.push(readProblemDiagnostic(problem, { file, ruleId: 'front-matter-invalid', subject: 'Front matter ', unknownKey: { severity: 'warning' }, lineOffset: firstLine - 1 }))
  return { ...frontMatter, links: links.map(({ url, position }) => ({ url, position })) }
}

/** The front matter as a mapping and its YAML document, or undefined after reporting why it is not one. */
function readYaml(yaml: string, report: Report): { data: object; document: () => Document } | undefined {
  // Tokenised once: checked, then composed into the document (as the library's parseDocument would).
  const tokens = [...new Parser().parse(yaml)]
  const problem = tokenProblem(tokens)
  if (problem) {
    report(problem.message, problem.offset, problem.suggestion)
    return undefined
  }
  const document = composeDocument(tokens, yaml.length)
  // The first error only: the ones after it mostly follow from it.
  const [error] = document.errors
  if (error) {
    report(`Invalid front matter: ${error.message.split('\n')[0]}`, error.pos[0])
    return undefined
  }
  if (!plainYaml(document, yaml, report)) return undefined
  const data = toData(document, report)
  if (data === null || data === undefined) return undefined
  if (typeof data !== 'object' || Array.isArray(data)) {
    report('Front matter must be a YAML mapping of keys to values', 0, 'Write it as `title: My page` lines between the `---` fences.')
    return undefined
  }
  return { data, document: () => document }
}

// A line `key: value` whose value YAML's core schema reads as written: a quoted text without
// escapes, a whole number, true or false, or a plain text of common characters that is not a
// word YAML reads otherwise (null, True …). Anything else goes to the YAML library.
const simpleLine = /^([a-z][a-z_]{0,63}): (?:"([^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\uffff]*)"|'([^'\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\uffff]*)'|(0|-?[1-9][0-9]{0,14})|(true|false)|([A-Za-z\u00c0-\u2027\u2030-\ud7ff](?:[A-Za-z0-9 .,;()/?'&+_\u00c0-\u2027\u2030-\ud7ff-]*[A-Za-z0-9.)?'\u00c0-\u2027\u2030-\ud7ff])?))$/
const notPlainText = new Set(['null', 'Null', 'NULL', 'True', 'TRUE', 'False', 'FALSE'])

/** The mapping of front matter made only of simple lines (simpleLine), each key once, as YAML reads it; undefined otherwise. */
export function simpleFrontMatter(yaml: string): Record<string, string | number | boolean> | undefined {
  const data: Record<string, string | number | boolean> = {}
  for (const line of yaml.split('\n')) {
    const match = simpleLine.exec(line)
    if (!match || Object.hasOwn(data, match[1]!)) return undefined
    const [, key, doubleQuoted, singleQuoted, integer, boolean, plain] = match
    if (plain !== undefined && notPlainText.has(plain)) return undefined
    data[key!] = integer !== undefined ? Number(integer) : boolean !== undefined ? boolean === 'true' : (doubleQuoted ?? singleQuoted ?? plain)!
  }
  return data
}

/** The front matter's value, or undefined after reporting duplicate keys or too many aliases. */
function toData(document: Document, report: Report): unknown {
  let problems = 0
  let aliases = 0
  let firstAlias: number | undefined
  visit(document, {
    Map: (_, map) => {
      const seen = new Set<unknown>()
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue
        if (seen.has(pair.key.value)) {
          report(`Duplicate front matter key "${String(pair.key.value)}"`, pair.key.range?.[0], 'Keep one of them.')
          problems++
        }
        seen.add(pair.key.value)
      }
    },
    Alias: (_, alias) => {
      firstAlias ??= alias.range?.[0]
      if (++aliases === maxAliases + 1) {
        report(`Front matter uses more than ${maxAliases} aliases (\`*name\`)`, alias.range?.[0], 'Write the values out.')
        problems++
      }
    },
  })
  if (problems > 0) return undefined
  try {
    return document.toJS({ maxAliasCount: maxAliases })
  } catch {
    // The one error toJS raises on parsed input: aliases that expand to too much (a "billion laughs").
    report(`Front matter aliases (\`*name\`) expand to more than ${maxAliases} copies of what they name`, firstAlias, 'Write the values out.')
    return undefined
  }
}

/**
 * Whether the front matter is plain YAML: no warning, and no tag beyond those of plain values. An
 * unknown one (`!!js/function`, `!include`) would silently become text, and a known one that is
 * not plain (`!!binary`, `!!set`) a value no key expects.
 */
function plainYaml(document: Document, yaml: string, report: Report): boolean {
  let plain = true
  visit(document, {
    Node: (_, node) => {
      if (!('tag' in node) || node.tag === undefined || plainTags.has(node.tag)) return
      const written = node.tag.startsWith(coreTagPrefix) ? `!!${node.tag.slice(coreTagPrefix.length)}` : node.tag
      const start = node.range?.[0]
      report(
        `The YAML tag "${written}" is not allowed in front matter`,
        start === undefined ? undefined : Math.max(0, yaml.lastIndexOf('!', start)),
        'Front matter holds plain values (text, numbers, true or false, lists and mappings): remove the tag.',
      )
      plain = false
    },
  })
  for (const warning of document.warnings)
    if (warning.code !== 'TAG_RESOLVE_FAILED') {
      report(`Invalid front matter: ${warning.message.split('\n')[0]}`, warning.pos[0])
      plain = false
    }
  return plain
}

const coreTagPrefix = 'tag:yaml.org,2002:'
const plainTags = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => `${coreTagPrefix}${name}`))

const maxDepth = 64

/**
 * What the YAML parser's token tree shows to be wrong, before values are built from it: nesting
 * deeper than maxDepth, or the first syntax error. Building values is recursive, and 10 000 nested
 * `? ` keys (20 KB) overflowed the stack inside V8's regular expression compiler, which aborts the
 * whole process; broken input took seconds per 100 KB to build. The parser, and this walk over
 * its tokens, use no recursion.
 */
function tokenProblem(tokens: readonly unknown[]): { offset: number; message: string; suggestion?: string } | undefined {
  // Tokens (which have an offset) and collection items (which hold a key and a value token).
  type Node = { type?: string; offset?: number; message?: string; value?: unknown; key?: unknown; items?: unknown[] }
  const pending: { node: unknown; depth: number }[] = []
  for (const token of tokens) pending.push({ node: token, depth: 0 })
  let firstError: { offset: number; message: string } | undefined
  for (let next = pending.pop(); next; next = pending.pop()) {
    const node = next.node as Node | null
    if (typeof node !== 'object' || node === null) continue
    const offset = node.offset
    if (offset !== undefined && next.depth > maxDepth)
      return { offset, message: `Front matter is nested more than ${maxDepth} levels deep`, suggestion: 'Front matter holds a few plain values; flatten it.' }
    if (offset !== undefined && node.type === 'error' && (firstError === undefined || offset < firstError.offset))
      firstError = { offset, message: `Invalid front matter: ${node.message}` }
    if (typeof node.value === 'object') pending.push({ node: node.value, depth: next.depth })
    if (typeof node.key === 'object') pending.push({ node: node.key, depth: next.depth })
    for (const item of node.items ?? []) pending.push({ node: item, depth: next.depth + 1 })
  }
  return firstError
}

/** The first YAML document of `tokens`, with an error if there are more (the library's parseDocument, from tokens). */
function composeDocument(tokens: readonly Parameters<Composer['next']>[0][], length: number): Document {
  let document: Document | undefined
  for (const composed of new Composer({ prettyErrors: false, uniqueKeys: false }).compose(tokens, true, length)) {
    if (document === undefined) document = composed
    else {
      document.errors.push(new YAMLParseError([composed.range[0], composed.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'))
      break
    }
  }
  // compose(…, true) always ends with a document.
  return document!
}

/**
 * `[text](url "title")`. Every repeat is bounded and the text may hold no `[`, so each attempt
 * ends at the next `[`: linear time on any value (front matter may be 512 KiB).
 */
const markdownLinkSyntax = /\[[^[\]\n]{0,1000}\]\([ \t]{0,40}<?([^\s()<>]{1,2000})>?(?:[ \t]{1,40}(?:"[^"\n]{0,1000}"|'[^'\n]{0,1000}'))?[ \t]{0,40}\)/g

/** `[text](url)` written in a text value of the front matter: shown as written, and its target checked all the same. */
function textLinks(root: ValueAt, positionOf: (path: ValuePath) => SourceLink['position']): { key: string; written: string; url: string; position: SourceLink['position'] }[] {
  const links: { key: string; written: string; url: string; position: SourceLink['position'] }[] = []
  for (const key of ['title', 'description', 'sidebar_label']) {
    const value = root.get(key).value
    if (typeof value !== 'string') continue
    for (const match of value.matchAll(markdownLinkSyntax)) links.push({ key, written: match[0], url: match[1]!, position: positionOf([key]) })
  }
  return links
}

// A number is text too (`title: 2024`, `id: 404`), as YAML reads it.
const text = (at: ValueAt) => (typeof at.value === 'number' ? String(at.value) : at.string())

/** `quoted`: whether a key's value is written as a quoted or block text, which no YAML reader takes for a date. */
function knownKeys(root: ValueAt, quoted: (key: string) => boolean): Omit<FrontMatter, 'links'> {
  // Tolerated keys are reported as unknown here and dropped before the problems are reported.
  root.mapping(usedFrontMatter)
  const tocLevel = (key: string) => root.get(key).number({ min: 2, max: 6, integer: true })
  const tocMinHeadingLevel = tocLevel('toc_min_heading_level')
  const tocMaxHeadingLevel = tocLevel('toc_max_heading_level')
  if (tocMinHeadingLevel !== undefined && tocMaxHeadingLevel !== undefined && tocMaxHeadingLevel < tocMinHeadingLevel)
    root.get('toc_max_heading_level').fail(`must not be below toc_min_heading_level (${tocMinHeadingLevel})`)
  return {
    title: text(root.get('title')),
    description: text(root.get('description')),
    sidebarLabel: text(root.get('sidebar_label')),
    sidebarPosition: root.get('sidebar_position').number(),
    ...routingKeys(root),
    hideTitle: root.get('hide_title').boolean() ?? false,
    hideTableOfContents: root.get('hide_table_of_contents').boolean() ?? false,
    tocMinHeadingLevel,
    tocMaxHeadingLevel,
    paginationPrev: paginationTarget(root.get('pagination_prev')),
    paginationNext: paginationTarget(root.get('pagination_next')),
    sidebarClassName: root.get('sidebar_class_name').string(),
    keywords: (root.get('keywords').listOrOne() ?? []).flatMap((item) => text(item) ?? []),
    tags: (root.get('tags').list() ?? []).flatMap((item) => readTag(item) ?? []),
    date: readPostDate(root.get('date'), () => quoted('date')),
    authors: (root.get('authors').listOrOne() ?? []).flatMap((item): (string | PostAuthor)[] => (typeof item.value === 'string' ? [item.value] : [readAuthor(item) ?? []].flat())),
  }
}

/** An author written out: a mapping of name, title, url and image_url (`authors.yml` entries are read the same way). */
export function readAuthor(at: ValueAt): PostAuthor | undefined {
  if (at.mapping(['name', 'title', 'url', 'image_url', 'email', 'socials', 'page', 'key']) === undefined) return undefined
  const name = at.get('name').string()
  const url = at.get('url').string()
  const imageUrl = at.get('image_url').string()
  if (name === undefined && imageUrl === undefined) at.fail('must have a "name" or an "image_url"', 'Write `name: Ada Lovelace`.')
  for (const [key, value] of [['url', url], ['image_url', imageUrl]] as const)
    if (value !== undefined && !/^(https?:\/\/|\/)/.test(value)) at.get(key).fail(`must be an http(s) URL or a site path, got ${JSON.stringify(value)}`, 'Write a URL such as "https://example.org/ada" or a path such as "/img/ada.png".')
  const socials = readAuthorSocials(at.get('socials'))
  return { name, title: at.get('title').string(), url: url && /^(https?:\/\/|\/)/.test(url) ? url : undefined, imageUrl: imageUrl && /^(https?:\/\/|\/)/.test(imageUrl) ? imageUrl : undefined, ...(socials?.length ? { socials } : {}) }
}

/** What decides a doc's route and whether it is built: read before any page is parsed (see preReadRouting). */
export function routingKeys(root: ValueAt): Pick<FrontMatter, 'id' | 'slug' | 'draft' | 'unlisted'> {
  const id = text(root.get('id'))
  if (id !== undefined && (id.trim() === '' || id.includes('/'))) root.get('id').fail(`must be a name without "/", got ${JSON.stringify(id)}`, 'Use "slug" to place the page in another folder.')
  const slug = text(root.get('slug'))
  if (slug !== undefined && slug.trim() === '') root.get('slug').fail('must not be empty', 'Write a path such as "/setup" or "setup", or remove the key.')
  return {
    id: id?.trim() && !id.includes('/') ? id : undefined,
    slug: slug?.trim() ? slug : undefined,
    draft: root.get('draft').boolean() ?? false,
    unlisted: root.get('unlisted').boolean() ?? false,
  }
}

/** `pagination_next: null` hides the link; a text names a doc id. */
function paginationTarget(at: ValueAt): string | null | undefined {
  if (at.value === null) return null
  return text(at)
}

function readTag(at: ValueAt): DocTag | undefined {
  if (typeof at.value === 'string' || typeof at.value === 'number') return { label: String(at.value), permalink: undefined }
  if (at.mapping(['label', 'permalink', 'description']) === undefined) return undefined
  const label = at.get('label').require('a text') ? text(at.get('label')) : undefined
  return label === undefined ? undefined : { label, permalink: readTagPermalink(at.get('permalink')) }
}
