/**
 * `content/blog/authors.yml`, as Docusaurus reads it: authors by key (`ada: { name, title, url,
 * image_url }`), which posts name in front matter (`authors: [ada]`). A key no entry has is
 * reported on the post that names it.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { ValueReader } from '../../shared/read-value.js'
import { readProblemDiagnostic } from '../diagnostics/read-problem-diagnostic.js'
import { readYaml } from '../diagnostics/yaml-source.js'
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
    if (author) authors.set(key, author)
  }
  return { authors, diagnostics: reader.problems.map((problem) => readProblemDiagnostic(problem, { file: file.file, ruleId: 'blog-authors-invalid' })) }
}

/** Posts with the authors they name by key written out; a key not in `authors.yml` is reported and left out. */
export function withPostAuthors(documents: readonly ContentDocument[], authors: ReadonlyMap<string, PostAuthor>, authorsFile: string | undefined, diagnostics: Diagnostic[]): ContentDocument[] {
  return documents.map((document) => {
    if (!document.post || document.post.authors.every((author) => typeof author !== 'string')) return document
    const written = document.post.authors.flatMap((author) => {
      if (typeof author !== 'string') return [author]
      const found = authors.get(author)
      if (!found)
        diagnostics.push(
          diagnostic({
            file: document.file,
            ruleId: 'front-matter-invalid',
            message: authorsFile ? `Front matter "authors" names "${author}", which ${authorsFile} does not have` : `Front matter "authors" names "${author}", but there is no content/blog/authors.yml`,
            suggestion: `Add "${author}" to content/blog/authors.yml (with a name), or write the author out: \`authors: [{ name: Ada Lovelace }]\`.`,
          }),
        )
      return found ? [found] : []
    })
    return { ...document, post: { ...document.post, authors: written } }
  })
}
