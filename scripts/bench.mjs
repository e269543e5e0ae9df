#!/usr/bin/env node
// npm run bench [-- options] [N…]: builds the shared synthetic corpus (../shared/bench/gen-corpus.mjs)
// at 1000 and 10 000 docs (or the sizes given; --100k adds 100 000) with `docsgen build` as people
// run it (bin/docsgen.js, a new process per build), and prints per run and per stage the time and
// memory; then Hugo on the same corpus in the same run, where `hugo` is installed, and the ratio.
//
//   BENCH_RUNS=n   builds per size (default 3; 1 at 100 000 docs). Medians are quoted.
//   BENCH_DIR=dir  where corpora and Hugo sites go (default .bench/ in the repository). A corpus
//                  is generated once per size and reused: the generator is deterministic.
//   --no-hugo      skip Hugo.
// The machines are shared and noisy: compare figures taken in one run, not absolute times.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const repository = resolve(new URL('..', import.meta.url).pathname)
const args = process.argv.slice(2)
const usage = 'usage: npm run bench [-- [--100k] [--no-hugo] [N…]]   (N docs; default 1000 and 10000)'
const unknown = args.find((arg) => !/^\d+$/.test(arg) && arg !== '--100k' && arg !== '--no-hugo')
const given = args.filter((arg) => /^\d+$/.test(arg)).map(Number)
if (unknown !== undefined || given.some((count) => count < 1)) {
  console.error(usage)
  process.exit(2)
}
const sizes = [...(given.length > 0 ? given : [1000, 10_000]), ...(args.includes('--100k') ? [100_000] : [])]
const withHugo = !args.includes('--no-hugo') && spawnSync('hugo', ['version'], { encoding: 'utf8' }).status === 0
const runsFor = (count) => Number(process.env.BENCH_RUNS ?? (count >= 100_000 ? 1 : 3))
const workDir = resolve(process.env.BENCH_DIR ?? join(repository, '.bench'))
const sharedBench = resolve(repository, '..', 'shared', 'bench')
if (!existsSync(join(sharedBench, 'gen-corpus.mjs'))) {
  console.error(`Cannot find the shared corpus generator at ${sharedBench}/gen-corpus.mjs`)
  process.exit(2)
}
// /usr/bin/time (GNU time) gives Hugo's peak memory; without it, Hugo's time alone is shown.
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined

execFileSync(process.execPath, [join(repository, 'scripts', 'compile.mjs')], { stdio: 'inherit' })
const probeDir = mkdtempSync(join(tmpdir(), 'docsgen-bench-'))
try {
  for (const count of sizes) benchSize(count)
} finally {
  rmSync(probeDir, { recursive: true, force: true })
}

function benchSize(count) {
  const site = corpus(count)
  const runs = runsFor(count)
  console.log(`\n━━ ${count.toLocaleString('en')} docs ━━`)
  const docsgen = []
  for (let run = 0; run < runs; run++) docsgen.push(docsgenBuild(site, { cold: true }))
  printDocsgen(docsgen, join(site, 'build'))
  printPageWeight(join(site, 'build'))
  printOneFileChange(site)
  if (!withHugo) return console.log('\nhugo: not run (not installed, or --no-hugo)')
  // Hugo's sidebar template is quadratic in the pages of a section: 10 000 docs take over a minute.
  if (count > 20_000) return console.log(`\nhugo: not run at ${count.toLocaleString('en')} docs (its sidebar template is quadratic: hours)`)
  const hugoSite = join(workDir, `hugo-${count}`)
  execFileSync(process.execPath, [join(sharedBench, 'prepare-hugo.mjs'), join(site, 'content'), hugoSite], { stdio: 'inherit' })
  const hugo = []
  for (let run = 0; run < (count > 1000 ? 1 : runs); run++) hugo.push(hugoBuild(hugoSite))
  const hugoWall = median(hugo.map((run) => run.wallMs))
  const hugoRss = hugo[0].maxRssKb === undefined ? '' : `, peak memory ${mb(median(hugo.map((run) => run.maxRssKb)) * 1024)}`
  console.log(`\nhugo --minify, same corpus, median of ${hugo.length}: ${seconds(hugoWall)}${hugoRss}`)
  console.log(`  docsgen / hugo wall time: ${(median(docsgen.map((run) => run.wallMs)) / hugoWall).toFixed(2)}×`)
}

/** The corpus of `count` docs, generated unless an earlier run left it complete. */
function corpus(count) {
  const site = join(workDir, `site-${count}`)
  const done = join(site, '.corpus-complete')
  if (!existsSync(done)) {
    rmSync(site, { recursive: true, force: true })
    execFileSync(process.execPath, [join(sharedBench, 'gen-corpus.mjs'), join(site, 'content'), String(count)], { stdio: 'inherit' })
    writeFileSync(done, `${count}\n`)
  }
  return site
}

/** One `docsgen build` in a new process: wall time as the shell sees it, and what the probe wrote. Cold: without the incremental cache. */
function docsgenBuild(site, { cold }) {
  if (cold) rmSync(join(site, '.docsgen', 'cache', 'incremental'), { recursive: true, force: true })
  const probe = join(probeDir, 'probe.json')
  rmSync(probe, { force: true })
  const started = performance.now()
  const child = spawnSync(process.execPath, ['--import', join(repository, 'scripts', 'bench-probe.mjs'), join(repository, 'bin', 'docsgen.js'), 'build', site, '--no-color'], {
    encoding: 'utf8',
    env: { ...process.env, BENCH_PROBE_OUT: probe },
    maxBuffer: 64 * 1024 * 1024,
  })
  const wallMs = performance.now() - started
  if (child.status !== 0) {
    console.error(child.stdout.slice(-4000), child.stderr.slice(-4000))
    process.exit(1)
  }
  const run = { wallMs, ...JSON.parse(readFileSync(probe, 'utf8')) }
  console.log(`  run: ${seconds(wallMs)} wall, ${seconds(run.cpuMs)} CPU, peak ${mb(run.maxRssKb * 1024)}`)
  return run
}

function hugoBuild(hugoSite) {
  rmSync(join(hugoSite, 'public'), { recursive: true, force: true })
  const command = gnuTime ? [gnuTime, '-f', '%M', 'hugo', '--minify', '--quiet'] : ['hugo', '--minify', '--quiet']
  const started = performance.now()
  const child = spawnSync(command[0], command.slice(1), { cwd: hugoSite, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const wallMs = performance.now() - started
  if (child.status !== 0) {
    console.error(child.stderr.slice(-4000))
    process.exit(1)
  }
  return { wallMs, maxRssKb: gnuTime ? Number(child.stderr.trim().split('\n').pop()) : undefined }
}

function printDocsgen(runs, outDir) {
  const pick = (key) => median(runs.map((run) => run[key]))
  // The render stage says `N public pages, M private`: every route has a public page.
  const pages = Number(/(\d+) public pages/.exec(runs[0].stages.find((stage) => stage.name === 'render')?.detail ?? '')?.[1] ?? 0)
  const bytes = folderBytes(outDir)
  console.log(`\ndocsgen build, median of ${runs.length} (each a new process, start-up included):`)
  console.log(`  wall time      ${seconds(pick('wallMs'))}   (runs: ${runs.map((run) => seconds(run.wallMs)).join(', ')})`)
  console.log(`  CPU time       ${seconds(pick('cpuMs'))}`)
  console.log(`  peak memory    ${mb(pick('maxRssKb') * 1024)}`)
  console.log(`  pages          ${pages} (${(pages / (pick('wallMs') / 1000)).toFixed(0)} pages/s)`)
  console.log(`  output         ${mb(bytes)} (${(bytes / Math.max(pages, 1) / 1024).toFixed(1)} KB per page)`)
  console.log(`  stage          time    heap used at its end   peak memory by its end`)
  for (const [index, stage] of runs[0].stages.entries()) {
    const of = (key) => median(runs.map((run) => run.stages[index]?.[key] ?? 0))
    console.log(`  ${stage.name.padEnd(10)} ${`${Math.round(of('milliseconds'))} ms`.padStart(9)}   ${mb(of('heapUsedBytes')).padStart(18)}   ${mb(of('peakRssBytes')).padStart(20)}`)
  }
}

/**
 * Builds after one doc's text changed, with the cache the last build left, twice: the first
 * after a cold build (pages not rendered again are copied from the last output into the spare it
 * stages in), the second as a watcher's builds run (most pages are already in the spare). The
 * files are put back after.
 */
function printOneFileChange(site) {
  const docs = join(site, 'content', 'docs')
  const files = readdirSync(docs, { recursive: true }).map(String).filter((file) => file.endsWith('.md')).sort().slice(0, 2)
  const texts = files.map((file) => readFileSync(join(docs, file), 'utf8'))
  try {
    for (const [index, file] of files.entries()) {
      writeFileSync(join(docs, file), `${texts[index]}\nOne more line.\n`)
      const run = docsgenBuild(site, { cold: false })
      const stage = (name) => run.stages.find((item) => item.name === name)
      console.log(`  one-file change ${index + 1} (${file}): ${seconds(run.wallMs)} wall, ${seconds(run.cpuMs)} CPU, peak ${mb(run.maxRssKb * 1024)}; render: ${stage('render')?.detail}`)
      console.log(`    ${run.stages.map((item) => `${item.name} ${Math.round(item.milliseconds)} ms`).join(', ')}`)
    }
  } finally {
    for (const [index, file] of files.entries()) writeFileSync(join(docs, file), texts[index])
  }
}

/** The JavaScript a reader's browser downloads for one doc page (target: at most 30 KB gzipped, flat as the site grows). */
function printPageWeight(outDir) {
  const docPage = readdirSync(join(outDir, 'docs'), { recursive: true }).find((file) => String(file).endsWith('.html') && !String(file).startsWith('category'))
  const weighed = spawnSync(process.execPath, ['--import', 'tsx', join(repository, 'scripts', 'bench-page-weight.ts'), outDir, `/docs/${String(docPage).replace(/\.html$/, '')}`], { encoding: 'utf8' })
  if (weighed.status !== 0) return console.log(`  JavaScript     not weighed (headless Chromium: ${weighed.stderr.trim().split('\n')[0]})`)
  const weight = JSON.parse(weighed.stdout.trim().split('\n').pop())
  const files = weight.files.map((file) => `${file.url.split('/').pop()} ${(file.gzip / 1024).toFixed(1)} KB`).join(', ')
  console.log(`  JavaScript     ${(weight.totalGzip / 1024).toFixed(1)} KB gzipped on a doc page (${files}, inline ${(weight.inlineGzip / 1024).toFixed(1)} KB; target ≤ 30 KB); its HTML ${(weight.htmlGzip / 1024).toFixed(1)} KB gzipped`)
}

function folderBytes(dir) {
  if (!existsSync(dir)) return 0
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0)
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`
}

function mb(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`
}
