/**
 * MDX pages parsed and compiled (parse-mdx.ts), on this thread or, for a large site, on several
 * that share the pages chunk by chunk (share-work.ts): compiling MDX is the heaviest part of
 * building an MDX page; a text that several files share compiles once, on one thread (mdx-parser.ts).
 * The result is the same either way.
 */
import { siblingModule } from '../workers/run-in-worker.js'
import { claimChunks, shareWork, threadsFor, type SharedWork } from '../workers/share-work.js'
import type { SlugStyle } from './heading-slugger.js'
import { mdxLinkRewriters, type MdxLinks } from './mdx-link-rewriter.js'
import { createMdxParser, linkNonce } from './mdx-parser.js'
import type { MdxPage } from './parse-mdx.js'

export interface MdxParseJob {
  readonly links: MdxLinks
  readonly slugify: SlugStyle
  readonly customFrontMatter: boolean
  readonly pages: readonly { readonly file: string; readonly text: string }[]
  /** The stand-ins for links in programs shared by several files (mdx-parser.ts): one for every thread. */
  readonly linkNonce?: string
  /** The chunks of `pages` this thread parses, by number; all of them when absent. */
  readonly work?: SharedWork
  /** Where each chunk of `pages` starts, and where the last one ends (with `work`). */
  readonly chunks?: readonly number[]
}

/** A page parsed, with the files beside the pages its links reach. */
export interface ParsedMdxFile {
  readonly file: string
  readonly page: MdxPage
  readonly assets: readonly string[]
}

// A worker takes about half a second to load the MDX compiler; a page of real docs takes
// 20-60 ms to compile, so another thread pays for itself from about a hundred pages.
const pagesPerThreadMinimum = 100
const pagesPerChunk = 10
// Compiling MDX makes many short-lived objects: with V8's default young generation a fifth of a
// parse thread's time was garbage collection. With 96 MB (32 MB semi-spaces) a worker compiled 400
// distinct Jest pages with 8-18% less CPU (measured alternating with the default, in one process).
const youngGenerationMb = 96

/** Parses the job's pages (its share of them, when it has one). */
export function runMdxParseJob(job: MdxParseJob): ParsedMdxFile[] {
  const rewriterFor = mdxLinkRewriters(job.links)
  const parseMdx = createMdxParser(job.pages.map((page) => page.text), job.linkNonce)
  const parsed: ParsedMdxFile[] = []
  const parse = (start: number, end: number) => {
    for (const { file, text } of job.pages.slice(start, end)) {
      const { rewrite, assets } = rewriterFor(file)
      parsed.push({ file, page: parseMdx(text, file, rewrite, { slugify: job.slugify, customFrontMatter: job.customFrontMatter }), assets: [...assets] })
    }
  }
  if (job.work) claimChunks(job.work, (first, end) => parse(job.chunks![first]!, job.chunks![end]!))
  else parse(0, job.pages.length)
  return parsed
}

/**
 * Parsed files as a thread sends them: each program once, which the files of its text name by
 * number. The files of a text share their program; sent file by file, it would be copied (and
 * kept by the main thread) once for each of them.
 */
export interface PackedMdxFiles {
  readonly programs: readonly string[]
  readonly files: readonly (ParsedMdxFile & { readonly program?: number })[]
}

export function packMdxFiles(parsed: readonly ParsedMdxFile[]): PackedMdxFiles {
  const numbers = new Map<string, number>()
  const programs: string[] = []
  const files = parsed.map((parsedFile) => {
    const program = parsedFile.page.program
    if (program === undefined) return parsedFile
    if (!numbers.has(program)) numbers.set(program, programs.push(program) - 1)
    return { ...parsedFile, page: { ...parsedFile.page, program: undefined }, program: numbers.get(program)! }
  })
  return { programs, files }
}

const unpack = ({ programs, files }: PackedMdxFiles): ParsedMdxFile[] =>
  files.map(({ program, ...parsed }) => (program === undefined ? parsed : { ...parsed, page: { ...parsed.page, program: programs[program]! } }))

/** Every page of the job parsed, in the job's order; `threads` by default: one per core, for a large site. */
export async function parseMdxFiles(job: MdxParseJob, threads = threadsFor(job.pages.length, pagesPerThreadMinimum)): Promise<ParsedMdxFile[]> {
  if (threads <= 1) return runMdxParseJob(job)
  const grouped = { ...job, ...sameTextsTogether(job.pages), linkNonce: job.linkNonce ?? linkNonce() }
  const results = await shareWork({
    total: grouped.chunks.length - 1,
    chunkSize: 1,
    workers: threads - 1,
    workerModule: siblingModule('mdx-parse-worker', import.meta.url),
    jobFor: (work) => ({ ...grouped, work }) satisfies MdxParseJob,
    here: (work) => packMdxFiles(runMdxParseJob({ ...grouped, work })),
    resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb },
  })
  const byFile = new Map(results.flatMap(unpack).map((parsed) => [parsed.file, parsed]))
  return job.pages.map((page) => byFile.get(page.file)!)
}

/**
 * The pages with the files of one text next to each other, cut into chunks of whole texts (at
 * least `pagesPerChunk` pages, but the last): the threads share the chunks, so each text is
 * compiled by one thread, instead of by every thread. Longest texts first: a long text claimed
 * last would keep one thread compiling while the others wait.
 */
function sameTextsTogether(pages: MdxParseJob['pages']): { pages: MdxParseJob['pages']; chunks: number[] } {
  const byText = new Map<string, MdxParseJob['pages'][number][]>()
  for (const page of pages) {
    const group = byText.get(page.text)
    if (group) group.push(page)
    else byText.set(page.text, [page])
  }
  const groups = [...byText.values()].sort((a, b) => b[0]!.text.length - a[0]!.text.length)
  const chunks = [0]
  let length = 0
  for (const group of groups) {
    length += group.length
    if (length - chunks[chunks.length - 1]! >= pagesPerChunk) chunks.push(length)
  }
  if (chunks[chunks.length - 1] !== length) chunks.push(length)
  return { pages: groups.flat(), chunks }
}
