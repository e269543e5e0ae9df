#!/usr/bin/env node
// npm run bench:serve [N]: `docsgen serve` on the shared synthetic corpus (N docs, default 1000),
// once: cold start (process spawned → first page answered 200) and edit-to-reload latency (a doc
// file written → the reload message for its route on the live-reload socket), median of 20 edits.
// Targets (issue 10): cold start ≤ 2 s, edit to reload ≤ 100 ms.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { WebSocket } from 'ws'

const repository = resolve(new URL('..', import.meta.url).pathname)
const count = Number(process.argv[2] ?? 1000)
const edits = 20
const sharedBench = resolve(repository, '..', 'shared', 'bench')
const generator = [join(sharedBench, 'gen-corpus.mjs'), '/work/shared/bench/gen-corpus.mjs'].find(existsSync)
if (!Number.isInteger(count) || count < 1 || generator === undefined) {
  console.error('usage: npm run bench:serve [N]   (needs the shared corpus generator, ../shared/bench/gen-corpus.mjs)')
  process.exit(2)
}
const site = join(repository, '.bench', `serve-${count}`)
rmSync(site, { recursive: true, force: true })
execFileSync(process.execPath, [generator, join(site, 'content'), String(count)], { stdio: 'inherit' })
execFileSync(process.execPath, [join(repository, 'scripts', 'compile.mjs')], { stdio: 'inherit' })

const started = performance.now()
const child = spawn(process.execPath, [join(repository, 'bin', 'docsgen.js'), 'serve', site, '--port', '0', '--no-color'], { stdio: ['ignore', 'pipe', 'inherit'] })
let printed = ''
child.stdout.on('data', (chunk) => (printed += chunk))
const url = await new Promise((done, fail) => {
  const poll = setInterval(() => {
    const found = /docsgen serve: (http:\/\/127\.0\.0\.1:\d+)\//.exec(printed)?.[1]
    if (found) {
      clearInterval(poll)
      done(found)
    }
  }, 5)
  child.on('exit', () => fail(new Error(`serve ended:\n${printed}`)))
})
// The server answers only once the first build is done; poll the home page as a browser would.
for (;;) {
  const response = await fetch(`${url}/`).catch(() => undefined)
  if (response?.status === 200) break
  await new Promise((done) => setTimeout(done, 10))
}
const coldMs = performance.now() - started

const socket = new WebSocket(`${url.replace('http', 'ws')}/_docsgen/live/socket`, { origin: url })
await new Promise((done) => socket.once('open', done))
const docs = execFileSync('find', [join(site, 'content', 'docs'), '-name', '*.md'], { encoding: 'utf8' }).trim().split('\n').sort()
const latencies = []
for (let edit = 0; edit < edits; edit++) {
  const file = docs[(edit * 37) % docs.length]
  const route = `/${relative(join(site, 'content'), file).replace(/\.md$/, '')}`
  const reloaded = new Promise((done) =>
    socket.on('message', function listen(data) {
      const message = JSON.parse(String(data))
      if (message.type === 'reload' && (message.routes === 'all' || message.routes.includes(route))) {
        socket.off('message', listen)
        done(performance.now())
      }
    }),
  )
  const changedAt = performance.now()
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nEdited ${edit}.\n`)
  latencies.push((await reloaded) - changedAt)
}
socket.close()
child.kill('SIGINT')
const median = [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)]
console.log(`\ndocsgen serve, ${count} docs, one run:`)
console.log(`  cold start to first page   ${(coldMs / 1000).toFixed(2)} s   (target ≤ 2 s)`)
console.log(`  edit to reload message     median ${Math.round(median)} ms over ${edits} edits (min ${Math.round(Math.min(...latencies))}, max ${Math.round(Math.max(...latencies))}; target ≤ 100 ms)`)
