#!/usr/bin/env node
// npm run bench:mdx -- --source <jest> [--pages N] [--format mdx|detect] [--distinct] [--cpu-prof] [--keep]
//
// A real MDX documentation site at the size issue 11 names (2,000 pages): Jest's website docs
// (docs/ and its three versioned_docs, about 150 MDX pages with partials, TOCInline and Tabs),
// copied whole into folders of one Docusaurus site until it has N pages (default 2000), then
// built once with `docsgen build` as people run it (bin/docsgen.js, its own process). Prints
// wall time, CPU time and peak memory (GNU time), and the build's last lines.
//
//   --source   Jest's repository: a checkout, or a bare git directory (read at the commit below,
//              so the site is the same every time).
//   --format   markdown.format of the site: 'mdx' (default; Docusaurus 3 compiles every .md as
//              MDX) or 'detect' (only files that use MDX syntax).
//   --distinct end every file of each copy with a sentence naming the copy, so that no two
//              files have the same text (Jest's versions are near-identical, and the copies are
//              identical: a build that does work once per distinct text is timed per page this way).
//   --cpu-prof write a V8 CPU profile of the main thread to <site>/profile/.
//   --keep     keep the built site (BENCH_DIR/mdx-site, default .bench/mdx-site) for a look.
// The machines are shared and noisy: compare figures taken in one run, not absolute times.
import { execFileSync, spawnSync } from 'node:child_process'
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** Jest's main branch at the time this benchmark was written. */
const jestCommit = '52db46e50404c993d3f10dd1481e861cc04ae22e'
const repository = resolve(new URL('..', import.meta.url).pathname)
const usage = 'usage: npm run bench:mdx -- --source <jest checkout or git dir> [--pages N] [--format mdx|detect] [--distinct] [--cpu-prof] [--keep]'

const options = readArguments(process.argv.slice(2))
const workDir = resolve(process.env.BENCH_DIR ?? join(repository, '.bench'))
const siteDir = join(workDir, 'mdx-site')
const jestDir = join(workDir, 'jest-source')

execFileSync(process.execPath, [join(repository, 'scripts', 'compile.mjs')], { stdio: 'inherit' })
const sets = readJest(options.source)
const pages = makeSite(sets)
console.log(`\n━━ ${pages} MDX pages (Jest's docs, ${sets.length} doc sets copied ${Math.ceil(options.pages / sets.reduce((sum, set) => sum + set.pages, 0))}×${options.distinct ? ', every file distinct' : ''}), markdown.format '${options.format}' ━━`)
build()
if (!options.keep) rmSync(join(siteDir, 'build'), { recursive: true, force: true })

function readArguments(args) {
  const read = { source: undefined, pages: 2000, format: 'mdx', distinct: false, cpuProf: false, keep: false }
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]
    if (arg === '--source') read.source = args[++index]
    else if (arg === '--pages') read.pages = Number(args[++index])
    else if (arg === '--format') read.format = args[++index]
    else if (arg === '--distinct') read.distinct = true
    else if (arg === '--cpu-prof') read.cpuProf = true
    else if (arg === '--keep') read.keep = true
    else fail(`Unknown argument ${arg}`)
  }
  if (read.source === undefined || !existsSync(read.source)) fail('--source must name Jest\'s repository (a checkout or a git directory)')
  if (!Number.isInteger(read.pages) || read.pages < 1) fail('--pages must be a whole number above 0')
  if (!['mdx', 'detect'].includes(read.format)) fail("--format must be 'mdx' or 'detect'")
  return read
}

function fail(message) {
  console.error(`${message}\n${usage}`)
  process.exit(2)
}

/** Jest's doc sets (docs/ and each versioned_docs/version-X), read from a checkout or, at jestCommit, from a git directory. */
function readJest(source) {
  let root = resolve(source)
  const bare = !existsSync(join(root, 'docs')) && existsSync(join(root, 'HEAD'))
  if (bare) {
    rmSync(jestDir, { recursive: true, force: true })
    mkdirSync(jestDir, { recursive: true })
    const archive = spawnSync('git', [`--git-dir=${root}`, 'archive', jestCommit, 'docs', 'website/versioned_docs'], { maxBuffer: 1 << 28 })
    if (archive.status !== 0) fail(`git archive failed: ${archive.stderr}`)
    execFileSync('tar', ['x', '-C', jestDir], { input: archive.stdout })
    root = jestDir
  }
  const versioned = join(root, 'website', 'versioned_docs')
  const folders = [join(root, 'docs'), ...(existsSync(versioned) ? readdirSync(versioned).sort().map((name) => join(versioned, name)) : [])]
  return folders.map((folder) => ({ folder, name: folder === join(root, 'docs') ? 'next' : folder.split('/').pop().replace('version-', 'v'), pages: countPages(folder) }))
}

function countPages(folder) {
  return readdirSync(folder, { recursive: true }).filter((file) => /\.mdx?$/.test(file) && !file.split('/').some((part) => part.startsWith('_'))).length
}

/** The site: every doc set copied into docs/<set>-<k>/ until it has the pages asked for. */
function makeSite(sets) {
  rmSync(siteDir, { recursive: true, force: true })
  mkdirSync(join(siteDir, 'docs'), { recursive: true })
  let pages = 0
  for (let copy = 1; pages < options.pages; copy++) {
    for (const set of sets) {
      if (pages >= options.pages) break
      const folder = join(siteDir, 'docs', `${set.name}-${copy}`)
      cpSync(set.folder, folder, { recursive: true })
      if (options.distinct) for (const file of readdirSync(folder, { recursive: true }).filter((name) => /\.mdx?$/.test(name))) appendFileSync(join(folder, file), `\n\nThis is copy ${copy} of the ${set.name} docs.\n`)
      pages += set.pages
    }
  }
  writeFileSync(
    join(siteDir, 'docusaurus.config.mjs'),
    `// Generated by scripts/bench-mdx.mjs from Jest's docs.
export default {
  title: 'Jest (MDX benchmark)',
  tagline: 'Delightful JavaScript Testing',
  url: 'https://bench.example.org',
  baseUrl: '/',
  onBrokenLinks: 'warn',
  onBrokenAnchors: 'warn',
  markdown: { format: '${options.format}' },
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]],
}
`,
  )
  // The one package Jest's pages import, installed as the site would have it (a stand-in that draws a link).
  const embed = join(siteDir, 'node_modules', 'react-lite-youtube-embed')
  mkdirSync(embed, { recursive: true })
  writeFileSync(join(embed, 'package.json'), JSON.stringify({ name: 'react-lite-youtube-embed', version: '0.0.0', type: 'module', main: 'index.js' }))
  writeFileSync(join(embed, 'index.js'), "import { createElement } from 'react'\nexport default function LiteYouTubeEmbed({ id, title }) { return createElement('a', { href: 'https://www.youtube.com/watch?v=' + id }, title) }\n")
  return pages
}

function build() {
  const profileDir = join(siteDir, 'profile')
  const node = [...(options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), join(repository, 'bin', 'docsgen.js'), 'build']
  const gnuTime = existsSync('/usr/bin/time')
  const started = process.hrtime.bigint()
  const run = gnuTime ? spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, ...node], { cwd: siteDir, encoding: 'utf8' }) : spawnSync(process.execPath, node, { cwd: siteDir, encoding: 'utf8' })
  const wall = Number(process.hrtime.bigint() - started) / 1e9
  const lines = run.stderr.trimEnd().split('\n')
  const timing = gnuTime ? lines.pop().split(' ').map(Number) : undefined
  const output = `${run.stdout}\n${lines.join('\n')}`.trim().split('\n')
  const problems = output.filter((line) => /: (error|warning): /.test(line))
  const byRule = new Map()
  for (const line of problems) {
    const rule = /\[docsgen:([\w-]+)\]$/.exec(line)?.[1] ?? 'other'
    byRule.set(rule, (byRule.get(rule) ?? 0) + 1)
  }
  const stages = output.filter((line) => /^\S+ +(config|content|manifest|validate|render|write) /.test(line))
  console.log([...stages, ...output.filter((line) => !/: (error|warning): /.test(line) && !stages.includes(line)).slice(-4)].join('\n'))
  console.log(`diagnostics by rule: ${[...byRule].map(([rule, count]) => `${rule} ${count}`).join(', ') || 'none'}`)
  console.log(`exit ${run.status}; wall ${wall.toFixed(2)} s${timing ? `; CPU ${(timing[1] + timing[2]).toFixed(2)} s (user ${timing[1]} s, system ${timing[2]} s); peak memory ${Math.round(timing[3] / 1024)} MB` : ''}`)
  if (options.cpuProf) console.log(`CPU profile: ${readdirSync(profileDir).map((file) => join(profileDir, file)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]}`)
}
