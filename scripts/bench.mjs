#!/usr/bin/env node
// npm run bench [N]: builds the shared synthetic corpus (../shared/bench/gen-corpus.mjs, N docs,
// default 1000) and prints wall time, CPU time, peak memory, pages per second and output size.
// If `hugo` is installed, builds the same corpus with Hugo in the same run and prints the ratio.
// Quote medians of a few runs: the machines are shared and noisy.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const repository = resolve(new URL('..', import.meta.url).pathname)
const count = Number(process.argv[2] ?? 1000)
const runs = Number(process.env.BENCH_RUNS ?? 3)
if (!Number.isInteger(count) || count < 1) {
  console.error('usage: npm run bench [N]   (N docs, default 1000)')
  process.exit(2)
}
const sharedBench = resolve(repository, '..', 'shared', 'bench')
if (!existsSync(join(sharedBench, 'gen-corpus.mjs'))) {
  console.error(`Cannot find the shared corpus generator at ${sharedBench}/gen-corpus.mjs`)
  process.exit(2)
}

const site = join(repository, '.bench', `site-${count}`)
execFileSync(process.execPath, [join(sharedBench, 'gen-corpus.mjs'), join(site, 'content'), String(count)], { stdio: 'inherit' })
execFileSync(process.execPath, [join(repository, 'scripts', 'compile.mjs')], { stdio: 'inherit' })

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const folderBytes = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0)

const docsgen = []
for (let run = 0; run < runs; run++) {
  const child = spawnSync(process.execPath, [join(repository, 'scripts', 'bench-build.mjs'), site], { encoding: 'utf8' })
  if (child.status !== 0) {
    console.error(child.stdout, child.stderr)
    process.exit(1)
  }
  docsgen.push(JSON.parse(child.stdout.trim().split('\n').pop()))
}
const pages = docsgen[0].pages
const bytes = folderBytes(join(site, 'build'))
const wall = median(docsgen.map((run) => run.wallMs))
const cpu = median(docsgen.map((run) => run.cpuMs))
const rss = median(docsgen.map((run) => run.maxRssKb)) / 1024

console.log(`\ndocsgen, ${count} docs, median of ${runs} cold builds (each in a new process):`)
console.log(`  wall time      ${(wall / 1000).toFixed(2)} s   (runs: ${docsgen.map((run) => (run.wallMs / 1000).toFixed(2)).join(', ')})`)
console.log(`  CPU time       ${(cpu / 1000).toFixed(2)} s`)
console.log(`  peak memory    ${rss.toFixed(0)} MB`)
console.log(`  pages          ${pages} (${(pages / (wall / 1000)).toFixed(0)} pages/s)`)
console.log(`  output         ${(bytes / 1024 / 1024).toFixed(1)} MB (${(bytes / pages / 1024).toFixed(1)} KB per page)`)
console.log(`  stages         ${docsgen[0].stages.map((stage) => `${stage.name} ${Math.round(stage.milliseconds)} ms`).join(', ')}`)

// The JavaScript a reader's browser downloads for one doc page (target: at most 30 KB gzipped, flat as the site grows).
const docPage = readdirSync(join(site, 'build', 'docs'), { recursive: true }).find((file) => String(file).endsWith('.html') && !String(file).startsWith('category'))
const weighed = spawnSync(process.execPath, ['--import', 'tsx', join(repository, 'scripts', 'bench-page-weight.ts'), join(site, 'build'), `/docs/${String(docPage).replace(/\.html$/, '')}`], { encoding: 'utf8' })
if (weighed.status === 0) {
  const weight = JSON.parse(weighed.stdout.trim().split('\n').pop())
  console.log(`  JavaScript     ${(weight.totalGzip / 1024).toFixed(1)} KB gzipped on a doc page (${weight.files.map((file) => `${file.url.split('/').pop()} ${(file.gzip / 1024).toFixed(1)} KB`).join(', ')}, inline ${(weight.inlineGzip / 1024).toFixed(1)} KB; target ≤ 30 KB); its HTML ${(weight.htmlGzip / 1024).toFixed(1)} KB gzipped`)
} else console.log(`  JavaScript     not weighed (headless Chromium: ${weighed.stderr.trim().split('\n')[0]})`)

const hugo = spawnSync('hugo', ['version'], { encoding: 'utf8' })
if (hugo.status === 0) {
  const hugoSite = join(repository, '.bench', `hugo-${count}`)
  execFileSync(process.execPath, [join(sharedBench, 'prepare-hugo.mjs'), join(site, 'content'), hugoSite], { stdio: 'inherit' })
  const times = []
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    const child = spawnSync('hugo', ['--minify', '--quiet'], { cwd: hugoSite, encoding: 'utf8' })
    if (child.status !== 0) {
      console.error(child.stderr)
      process.exit(1)
    }
    times.push(performance.now() - started)
  }
  const hugoWall = median(times)
  console.log(`\nhugo (${hugo.stdout.trim().split(' ')[1] ?? ''}), same corpus, median of ${runs}: ${(hugoWall / 1000).toFixed(2)} s`)
  console.log(`  docsgen / hugo wall time: ${(wall / hugoWall).toFixed(2)}×  (target ≤ 1.5×)`)
} else {
  console.log('\nhugo is not installed (apt-get install hugo): no side-by-side figure this run.')
}
