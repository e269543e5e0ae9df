/**
 * `_category_.json`: the label, position and link of a docs folder in the sidebar
 * (Docusaurus-compatible keys), read with the reading kit (src/shared/read-value.ts). Problems
 * become diagnostics pointing into the file.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { misreadRouteProblem } from '../../shared/canonical-path.js'
import { routePathProblem } from '../../shared/portable-path.js'
import { describeValue, ValueReader, type ValueAt } from '../../shared/read-value.js'
import { jsonLocator } from '../diagnostics/json-source.js'
import { jsonSyntaxError } from '../diagnostics/json-syntax-error.js'
import { positionAt } from '../diagnostics/locate-in-source.js'
import { readProblemDiagnostic } from '../diagnostics/read-problem-diagnostic.js'

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
  /** Undefined when the file does not say: docs.sidebarCollapsed decides. */
  readonly collapsed: boolean | undefined
  readonly collapsible: boolean
  readonly description: string | undefined
  readonly link: CategoryLink
}

export const defaultCategory: CategoryMeta = {
  source: undefined,
  label: undefined,
  position: undefined,
  collapsed: undefined,
  collapsible: true,
  description: undefined,
  link: { type: 'default' },
}

const allowedKeys = ['label', 'position', 'collapsed', 'collapsible', 'className', 'description', 'link', 'customProps']

export function readCategory(text: string, file: string): { meta: CategoryMeta; diagnostics: Diagnostic[] } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    const { offset, message } = jsonSyntaxError(text)
    return { meta: defaultCategory, diagnostics: [diagnostic({ file, ruleId: 'category-invalid', message, ...(offset === undefined ? {} : positionAt(text, offset)) })] }
  }
  const reader = new ValueReader(jsonLocator(text))
  const root = reader.root(data)
  const diagnostics = () => reader.problems.map((problem) => readProblemDiagnostic(problem, { file, ruleId: 'category-invalid' }))
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    root.fail(`a category file must hold a JSON object, got ${describeValue(data)}`, 'Write e.g. { "label": "Guides", "position": 1 }.')
    return { meta: defaultCategory, diagnostics: diagnostics() }
  }
  root.mapping(allowedKeys)
  const linkAt = reader.locate(root.get('link').get('slug').present ? ['link', 'slug'] : ['link'], 'key')
  const meta: CategoryMeta = {
    source: { file, line: linkAt?.line, column: linkAt?.column },
    label: root.get('label').string(),
    position: root.get('position').number(),
    collapsed: root.get('collapsed').boolean(),
    collapsible: root.get('collapsible').boolean() ?? true,
    description: root.get('description').string(),
    link: readLink(root.get('link')),
  }
  return { meta, diagnostics: diagnostics() }
}

function readLink(at: ValueAt): CategoryLink {
  if (at.value === undefined) return { type: 'default' }
  if (at.value === null) return { type: 'none' }
  const link = at.mapping()
  if (!link) return { type: 'default' }
  const type = at.get('type').value
  if (type === 'generated-index') {
    return { type: 'generated-index', slug: readSlug(at.get('slug')), title: at.get('title').string(), description: at.get('description').string() }
  }
  const id = at.get('id').value
  if (type === 'doc' && typeof id === 'string') return { type: 'doc', id }
  at.fail(`must be { "type": "generated-index" }, { "type": "doc", "id": "…" } or null, got ${JSON.stringify(at.value)}`)
  return { type: 'default' }
}

/** A slug is a route path under the docs; a leading "/" is optional, as in Docusaurus. */
function readSlug(at: ValueAt): string | undefined {
  const slug = at.string()
  if (slug === undefined) return undefined
  const path = slug.startsWith('/') ? slug : `/${slug}`
  const problem = routePathProblem(path) ?? (slug === '' || slug === '/' ? 'names the docs root, not a page of its own' : misreadRouteProblem(path))
  if (problem === undefined) return slug
  return at.fail(`"${slug}" ${problem}`, 'Write a path of plain names under the docs, such as "/category/guides" (published at /docs/category/guides).')
}
