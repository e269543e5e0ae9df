/** How one Markdown file of a parse job is parsed (parse-markdown.ts's options). */
import type { ResolvedConfig } from '../config/resolve-config.js'
import type { ParseMarkdownOptions } from './parse-markdown.js'
import type { ContentFile } from './read-content.js'

/** What of a parse job (parse-content.ts's ParseJob) decides how its files are parsed. */
export interface ParseSettings {
  readonly siteDir: string
  readonly slugify: ResolvedConfig['markdown']['slugify']
  readonly flavor: ResolvedConfig['markdown']['flavor']
  readonly attrs: ResolvedConfig['markdown']['attrs']
  readonly customFrontMatter: boolean
}

/** VitePress's includes are read from the file's section folder (`content/docs`), which `@/` names. */
export function parseOptionsOf(job: ParseSettings, file: ContentFile): ParseMarkdownOptions {
  if (job.flavor !== 'vitepress') return { slugify: job.slugify, customFrontMatter: job.customFrontMatter }
  const sourceRoot = file.file === file.relative ? '.' : file.file.slice(0, file.file.length - file.relative.length - 1)
  return { slugify: job.slugify, customFrontMatter: job.customFrontMatter, vitepress: { siteDir: job.siteDir, sourceRoot }, attributes: job.attrs }
}
