/**
 * `content/blog/authors.yml`, as Docusaurus reads it: authors by key (`ada: { name, title, url,
 * image_url }`), which posts name in front matter (`authors: [ada]`). A key no entry has is
 * reported on the post that names it.
 */
import { join } from 'node:path'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { portableNameProblem } from '../../shared/portable-path.js'
import { ValueReader, type ValueAt } from '../../shared/read-value.js'
import { readProblemDiagnostic } from '../diagnostics/read-problem-diagnostic.js'
import { readYaml } from '../diagnostics/yaml-source.js'
import { readTextFile } from '../files/read-text-file.js'
import type { ContentDocument } from './content-document.js'
import type { ContentFile } from './read-content.js'
import { readAuthor, type PostAuthor } from './read-front-matter.js'

export function readBlogAuthors(file: ContentFile | undefined): { authors: ReadonlyMap<string, PostAuthor>; diagnostics: Diagnostic[] } {
  const authors = new Map<string, PostAuthor>()
  if (!file) return { authors, diagnostics: [] }
  const yaml = readYaml(file.text)
  if (yaml.value === undefined && yaml.problems.length > 0)
    return { authors, diagnostics: yaml.problems.map((problem) => diagnostic({ file: file.file, ...problem.position, ruleId: 'blog-authors-invalid', message: `Invalid YAML: ${problem.message}`, suggestion: 'Write one mapping of author keys, such as `ada: { name: Ada Lovelace }`.' })) }
  const reader = new ValueReader(yaml.locate)
  for (const [key, at] of reader.root(yaml.value ?? {}).mapping() ?? []) {
    const author = readAuthor(at)
    const page = authorPage(key, at.get('page'))
    if (author) authors.set(key, page === undefined ? author : { ...author, page })
  }
  return { authors, diagnostics: reader.problems.map((problem) => readProblemDiagnostic(problem, { file: file.file, ruleId: 'blog-authors-invalid' })) }
}

/** As Docusaurus: `page: true` gives the author a page named by the key, `page: { permalink }` one named so. */
function authorPage(key: string, at: ValueAt): string | undefined {
  if (at.value === undefined || at.value === false) return undefined
  const permalink = at.value === true ? key : (at.mapping(['permalink']), at.get('permalink').string())
  const name = permalink?.replace(/^\/+|\/+$/g, '')
  if (name !== undefined && name !== '' && portableNameProblem(name) === undefined) return name
  at.fail(`must be true, or { permalink: 'name' } with a plain name, got ${JSON.stringify(at.value)}`, "Write `page: true` to give the author a page under the blog's authors/.")
  return undefined
}

/**
 * Posts with the authors they name by key written out; a key not in `authors.yml` is reported at
 * its place in the post's front matter (read again: rare) and left out.
 */
export function withPostAuthors(
  documents: readonly ContentDocument[],
  authors: ReadonlyMap<string, PostAuthor>,
  authorsFile: string | undefined,
  diagnostics: Diagnostic[],
  { siteDir, blogFolder }: { readonly siteDir: string; readonly blogFolder: string },
): ContentDocument[] {
  return documents.map((document) => {
    if (!document.post || document.post.authors.every((author) => typeof author !== 'string')) return document
    const written = document.post.authors.flatMap((author) => {
      if (typeof author !== 'string') return [author]
      const found = authors.get(author)
      if (!found)
        diagnostics.push(
          diagnostic({
            file: document.file,
            ...authorPlace(siteDir, document.file, author),
            ruleId: 'front-matter-invalid',
            message: authorsFile ? `Front matter "authors" names "${author}", which ${authorsFile} does not have` : `Front matter "authors" names "${author}", but there is no ${blogFolder}/authors.yml`,
            suggestion: `Add "${author}" to ${authorsFile ?? `${blogFolder}/authors.yml`} (with a name), or write the author out: \`authors: [{ name: Ada Lovelace }]\`.`,
          }),
        )
      return found ? [found] : []
    })
    return { ...document, post: { ...document.post, authors: written } }
  })
}

/** Where the front matter's `authors` names `author` (`authors: [ada, grace]` or a list below the key); none when not found. */
function authorPlace(siteDir: string, file: string, author: string): { line?: number; column?: number } {
  const text = readTextFile(join(siteDir, file), file, { markdown: true }).text ?? ''
  const lines = text.split('\n')
  const end = lines.findIndex((line, index) => index > 0 && /^---\s*$/.test(line))
  const key = lines.findIndex((line, index) => index < end && /^authors\s*:/.test(line))
  if (key === -1) return {}
  const written = new RegExp(`(^|[\\s\\[,'"-])(${author.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(?=$|[\\s\\],'"])`)
  for (let index = key; index < end; index++) {
    const line = index === key ? lines[index]!.replace(/^authors\s*:/, (prefix) => ' '.repeat(prefix.length)) : lines[index]!
    if (index > key && /^\S/.test(line)) break
    const match = written.exec(line)
    if (match) return { line: index + 1, column: match.index + match[1]!.length + 1 }
  }
  return {}
}
