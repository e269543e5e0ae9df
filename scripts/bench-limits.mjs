#!/usr/bin/env node
// node scripts/bench-limits.mjs [filter]: shows that hostile Markdown costs time linear in its size, and
// what the limits cost. Each case is parsed at two sizes, the second four times the first: a
// linear parse takes about 4× as long, a quadratic one about 16×. Then the issue's cases as
// whole builds (each in a new process: wall time, peak memory, report lines). Timing lives
// here, never in tests. Quote figures from a quiet machine; they are noisy on shared ones.
// A filter runs only the cases whose name contains it.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, openSync, closeSync, ftruncateSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const filter = process.argv[2] ?? ''
const repository = resolve(new URL('..', import.meta.url).pathname)
const work = join(repository, '.bench', 'limits')
execFileSync(process.execPath, [join(repository, 'scripts', 'compile.mjs')], { stdio: 'inherit' })
process.env.NODE_ENV ??= 'production'
const { parseMarkdown } = await import('../dist/node/content/parse-markdown.js')

const repeat = (size, piece) => {
  let text = ''
  for (let index = 0; text.length < size; index++) text += piece(index)
  return text
}
const cases = {
  'links on one line': (size) => repeat(size, (index) => `[link ${index}](/docs/page-${index}#part) `),
  'literal links on one line': (size) => repeat(size, (index) => `www.site-${index}.example and a${index}@b.example `),
  'links in one table cell': (size) => `| A | B |\n| --- | --- |\n| x | ${repeat(size, (index) => `[l${index}](/p${index}) a\\|b `)} |\n`,
  'emphasis runs (*a**)': (size) => repeat(size, (index) => (index % 20 === 19 ? '*a**\n' : '*a**')),
  footnotes: (size) => `${repeat(size / 2, (index) => `[^n${index}] `)}\n\n${repeat(size / 2, (index) => `[^n${index}]: note ${index}\n`)}`,
  'front matter keys': (size) => `---\n${repeat(size, (index) => `key_${index}: value ${index}\n`)}---\n\nBody.\n`,
  headings: (size) => repeat(size, (index) => `## Heading ${index % 50}\n\n`),
}

const parseTime = (text) => {
  const started = performance.now()
  parseMarkdown(text, 'bench.md', () => undefined)
  return performance.now() - started
}
const format = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(0).padStart(6)} ms` : ' crashed ')
const attempt = (run) => {
  try {
    return run()
  } catch (error) {
    console.log(`  (${error.name}: ${error.message})`)
    return Number.NaN
  }
}
console.log('\nParse time at two sizes (the second 4× the first): linear ≈ 4×, quadratic ≈ 16×')
const small = 128 * 1024
for (const [name, make] of Object.entries(cases)) {
  if (!name.includes(filter)) continue
  attempt(() => parseTime(make(16 * 1024))) // warm up
  const first = attempt(() => parseTime(make(small)))
  const second = attempt(() => parseTime(make(4 * small)))
  console.log(`  ${name.padEnd(28)} 128 KiB ${format(first)}   512 KiB ${format(second)}   ${(second / first).toFixed(1)}×`)
}

/** One `check` of a site holding `files`, in a new process: wall time, peak memory, report lines. */
function checkSite(name, files) {
  const site = join(work, name)
  rmSync(site, { recursive: true, force: true })
  for (const [file, write] of Object.entries(files)) {
    mkdirSync(join(site, file, '..'), { recursive: true })
    write(join(site, file))
  }
  const script = `
    const { build } = await import(${JSON.stringify(join(repository, 'dist/node/build.js'))})
    const { formatReport } = await import(${JSON.stringify(join(repository, 'dist/node/format-report.js'))})
    const started = performance.now()
    const result = await build({ siteDir: ${JSON.stringify(site)}, write: false })
    const wallMs = performance.now() - started
    const report = formatReport(result, { color: false, command: 'check' })
    console.log(JSON.stringify({ wallMs, maxRssKb: process.resourceUsage().maxRSS, exitCode: result.exitCode, lines: report.trim().split('\\n').length, first: result.diagnostics[0] }))`
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })
  rmSync(site, { recursive: true, force: true })
  if (child.status !== 0) throw new Error(child.stderr)
  return JSON.parse(child.stdout.trim().split('\n').pop())
}

const text = (content) => (path) => writeFileSync(path, content)
const report = (label, run) => {
  if (!label.includes(filter)) return
  const result = run()
  console.log(
    `  ${label.padEnd(44)} ${(result.wallMs / 1000).toFixed(2).padStart(6)} s  ${(result.maxRssKb / 1024).toFixed(0).padStart(5)} MB  exit ${result.exitCode}  ${String(result.lines).padStart(3)} report lines${result.first ? `  (${result.first.ruleId})` : ''}`,
  )
}
console.log('\nWhole checks, each in a new process (wall time of the build, peak memory of the process)')
report('one line of links, 128 KiB', () => checkSite('line-128k', { 'content/docs/a.md': text(cases['links on one line'](128 * 1024)) }))
report('one line of links, 512 KiB', () => checkSite('line-512k', { 'content/docs/a.md': text(cases['links on one line'](512 * 1024)) }))
report('the same links, 512 KiB, 80 characters a line', () => checkSite('lines-512k', { 'content/docs/a.md': text(repeat(512 * 1024, (index) => `[link ${index}](/docs/a)${index % 4 === 3 ? '\n' : ' '}`)) }))
report('20 000 front matter keys', () => checkSite('keys-20000', { 'content/docs/a.md': text(`---\n${Array.from({ length: 20000 }, (_, index) => `key_${index}: ${index}`).join('\n')}\n---\n\nBody.\n`) }))
const page = (index) => `## Section ${index}\n\nSome prose with a [link](/docs/a#section-${index}), \`code\` and *emphasis*.\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n`
report('a 4 MiB page (the largest accepted)', () => checkSite('page-4mib', { 'content/docs/a.md': text(repeat(4 * 1024 * 1024 - 1024, page)) }))
report('a 200 MiB page (refused unread)', () =>
  checkSite('page-200mib', {
    'content/docs/a.md': (path) => {
      const descriptor = openSync(path, 'w')
      ftruncateSync(descriptor, 200 * 1024 * 1024)
      closeSync(descriptor)
    },
  }),
)
rmSync(work, { recursive: true, force: true })
