/**
 * `_category_.json`: the label, position and link of a docs folder in the sidebar
 * (Docusaurus-compatible keys). Problems become diagnostics pointing into the file.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { routePathProblem } from '../../shared/portable-path.js'
import { closest } from '../diagnostics/closest.js'
import { jsonSyntaxError } from '../diagnostics/json-syntax-error.js'
import { locateInSource, positionAt } from '../diagnostics/locate-in-source.js'

export type CategoryLink =
  | {
      readonly type: 'generated-index'
      /** A path under the docs route (`/category/guides`), as in Docusaurus; checked to be a route path of portable names. */
      readonly slug: string | undefined
      readonly title: string | undefined
      readonly description: string | undefined
    }
  | { readonly type: 'doc'; readonly id: string }
  | { readonly type: 'none' }
  /** No `link` key: the folder's index doc, if any, becomes the link. */
  | { readonly type: 'default' }

export interface CategoryMeta {
  /** The `_category_.json` it was read from, and where in it the link is, for problems with the page it makes. */
  readonly source: { readonly file: string; readonly line: number | undefined; readonly column: number | undefined } | undefined
  readonly label: string | undefined
  readonly position: number | undefined
  readonly collapsed: boolean
  readonly collapsible: boolean
  readonly description: string | undefined
  readonly link: CategoryLink
}

export const defaultCategory: CategoryMeta = {
  source: undefined,
  label: undefined,
  position: undefined,
  collapsed: true,
  collapsible: true,
  description: undefined,
  link: { type: 'default' },
}

const allowedKeys = ['label', 'position', 'collapsed', 'collapsible', 'className', 'description', 'link', 'customProps']

export function readCategory(text: string, file: string): { meta: CategoryMeta; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  const report = (message: string, key?: string, suggestion?: string) =>
    diagnostics.push(diagnostic({ file, ruleId: 'category-invalid', message, suggestion, ...(key ? locateInSource(text, key) : undefined) }))
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    const { offset, message } = jsonSyntaxError(text)
    diagnostics.push(diagnostic({ file, ruleId: 'category-invalid', message, ...(offset === undefined ? {} : positionAt(text, offset)) }))
    return { meta: defaultCategory, diagnostics }
  }
  if (!isRecord(data)) {
    report('A category file must hold a JSON object', undefined, 'Write e.g. { "label": "Guides", "position": 1 }.')
    return { meta: defaultCategory, diagnostics }
  }
  const record = data as Record<string, unknown>
  for (const key of Object.keys(record))
    if (!allowedKeys.includes(key)) {
      const near = closest(key, allowedKeys)
      report(`Unknown key "${key}"`, key, near ? `Did you mean "${near}"?` : `Allowed keys: ${allowedKeys.join(', ')}.`)
    }
  const text_ = (key: string) => {
    const value = record[key]
    if (value === undefined) return undefined
    if (typeof value === 'string') return value
    report(`"${key}" must be a string`, key)
    return undefined
  }
  const flag = (key: string, fallback: boolean) => {
    const value = record[key]
    if (value === undefined) return fallback
    if (typeof value === 'boolean') return value
    report(`"${key}" must be true or false`, key)
    return fallback
  }
  let position: number | undefined
  if (record.position !== undefined) {
    if (typeof record.position === 'number' && Number.isFinite(record.position)) position = record.position
    else report('"position" must be a number', 'position')
  }
  const linkAt = locateInSource(text, isRecord(record.link) && 'slug' in record.link ? 'slug' : 'link')
  return {
    meta: {
      source: { file, line: linkAt?.line, column: linkAt?.column },
      label: text_('label'),
      position,
      collapsed: flag('collapsed', true),
      collapsible: flag('collapsible', true),
      description: text_('description'),
      link: readLink(record.link, report),
    },
    diagnostics,
  }
}

function readLink(value: unknown, report: (message: string, key?: string, suggestion?: string) => void): CategoryLink {
  if (value === undefined) return { type: 'default' }
  if (value === null) return { type: 'none' }
  if (!isRecord(value)) {
    report('"link" must be an object or null', 'link')
    return { type: 'default' }
  }
  const link = value
  const optional = (key: string) => {
    if (link[key] === undefined || typeof link[key] === 'string') return link[key] as string | undefined
    report(`"link.${key}" must be a string`, key)
    return undefined
  }
  if (link.type === 'generated-index') return { type: 'generated-index', slug: readSlug(optional('slug'), report), title: optional('title'), description: optional('description') }
  if (link.type === 'doc' && typeof link.id === 'string') return { type: 'doc', id: link.id }
  report(
    `"link" must be { "type": "generated-index" }, { "type": "doc", "id": "…" } or null, got ${JSON.stringify(value)}`,
    'link',
  )
  return { type: 'default' }
}

/** A slug is a route path under the docs; a leading "/" is optional, as in Docusaurus. */
function readSlug(slug: string | undefined, report: (message: string, key?: string, suggestion?: string) => void): string | undefined {
  if (slug === undefined) return undefined
  const problem = routePathProblem(slug.startsWith('/') ? slug : `/${slug}`) ?? (slug === '' || slug === '/' ? 'names the docs root, not a page of its own' : undefined)
  if (problem === undefined) return slug
  report(`"link.slug" "${slug}" ${problem}`, 'slug', 'Write a path of plain names under the docs, such as "/category/guides" (published at /docs/category/guides).')
  return undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
