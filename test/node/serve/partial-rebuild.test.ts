/**
 * `docsgen serve` rebuilding saved pages from the site it keeps in memory (partial-rebuild.ts),
 * watched through the live-reload socket as a page would: what reloads, what is served, what is
 * written, and that the whole build run at the next pause finds every page as the partial
 * rebuilds left it. One server on a copy of the serve-site fixture for the whole suite.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { serveSite, type ServingSite } from '../../../src/node/index.js'
import { fixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'

type Message = { type: string; routes?: string[] | 'all'; private?: boolean; diagnostics?: unknown[] }
type Build = { pending: boolean; background: boolean; exitCode: number; changedRoutes: readonly string[] | 'all' }

let site: FixtureSite
let serving: ServingSite
let socket: WebSocket
const messages: Message[] = []
const builds: Build[] = []
const problems: string[] = []
const page = (name: string) => join(site.dir, 'content', 'docs', 'Guides', name)

test.before(async () => {
  site = await fixtureSite('serve-site')
  serving = await serveSite({
    siteDir: site.dir,
    watch: true,
    port: 0,
    onProblem: (problem) => problems.push(problem),
    onBuild: (build) => builds.push({ pending: build.pending === true, background: build.background, exitCode: build.result.exitCode, changedRoutes: build.changedRoutes }),
  })
  await serving.settled()
  socket = new WebSocket(`${serving.url.replace('http', 'ws')}/_docsgen/live/socket`, { origin: serving.url })
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Message))
  await new Promise((resolve) => socket.once('open', resolve))
})

test.after(async () => {
  socket?.close()
  await serving?.close()
  await site?.remove()
})

/** The first message from `from` on that `matches`, waited for (a generous limit: the machine may be slow). */
async function message(from: number, matches: (message: Message) => boolean): Promise<Message> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
    const found = messages.slice(from).find(matches)
    if (found) return found
  }
  throw new Error(`no such message; received: ${JSON.stringify(messages.slice(from))}; problems: ${JSON.stringify(problems)}; builds: ${JSON.stringify(builds)}`)
}

const reload = (message: Message) => message.type === 'reload'

/**
 * Waits until no rebuild is asked for: a rebuild that left work pending is followed by a whole
 * build at the pause, which would otherwise read what the test saves next, at whatever moment.
 */
async function paused(): Promise<void> {
  for (const deadline = Date.now() + 60_000; builds.at(-1)!.pending && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50))
  await serving.settled()
}
const served = async (path: string) => {
  const response = await fetch(`${serving.url}${path}`)
  return { status: response.status, text: await response.text() }
}

test('a saved page is rebuilt on its own: its new content is served and only its route reloads; the other page is not written', async () => {
  const other = join(serving.outDir, 'docs', 'Guides', 'other.html')
  const before = (await stat(other)).mtimeMs
  const from = messages.length
  await writeFile(page('intro.md'), (await readFile(page('intro.md'), 'utf8')).replace('The first page.', 'The first page, saved.'))
  assert.equal(await message(from, reload), { type: 'reload', routes: ['/docs/Guides/intro'], private: false })
  assert.match((await served('/docs/Guides/intro')).text, 'The first page, saved.')
  assert.is((await stat(other)).mtimeMs, before)
  assert.equal(builds.at(-1), { pending: true, background: false, exitCode: 0, changedRoutes: ['/docs/Guides/intro'] })
})

test('a changed title reloads the pages whose sidebar shows it, which show the new title', async () => {
  await paused()
  const from = messages.length
  await writeFile(page('intro.md'), (await readFile(page('intro.md'), 'utf8')).replace('title: Introduction', 'title: Getting started'))
  const reloaded = await message(from, reload)
  assert.ok(reloaded.routes !== 'all' && reloaded.routes!.includes('/docs/Guides/intro') && reloaded.routes!.includes('/docs/Guides/other'), JSON.stringify(reloaded))
  assert.match((await served('/docs/Guides/other')).text, 'Getting started')
  assert.is(builds.at(-1)!.pending, true)
})

test('a new broken link shows its diagnostic and keeps the page served as it was; fixing it clears the overlay', async () => {
  await paused()
  const good = await readFile(page('intro.md'), 'utf8')
  let from = messages.length
  await writeFile(page('intro.md'), good.replace('The first page, saved.', 'Now broken.').replace('](./other.md)', '](./missing.md)'))
  const error = await message(from, (message) => message.type !== 'reload')
  assert.equal(error, {
    type: 'error',
    diagnostics: [
      {
        file: 'content/docs/Guides/intro.md',
        line: 5,
        column: 17,
        ruleId: 'missing-file',
        severity: 'error',
        message: 'Link "./missing.md" names a file that does not exist (resolved as "content/docs/Guides/missing.md")',
        suggestion: 'Check the file name; links to .md files are relative to the linking file.',
      },
    ],
  })
  assert.not.match((await served('/docs/Guides/intro')).text, 'Now broken.')
  from = messages.length
  await writeFile(page('intro.md'), good.replace('The first page, saved.', 'Fixed.'))
  assert.equal(await message(from, () => true), { type: 'ok' })
  assert.equal(await message(from, reload), { type: 'reload', routes: ['/docs/Guides/intro'], private: false })
  assert.match((await served('/docs/Guides/intro')).text, 'Fixed.')
  assert.equal(builds.slice(-2).map((build) => [build.pending, build.exitCode]), [[false, 1], [true, 0]])
})

test('a saved private page is written to the private folder only, and the socket does not name it', async () => {
  await paused()
  const notes = join(site.dir, 'content', 'docs', 'Private', 'notes.md')
  const from = messages.length
  await writeFile(notes, (await readFile(notes, 'utf8')).replace('Private notes.', 'Private notes, saved.'))
  assert.equal(await message(from, reload), { type: 'reload', routes: [], private: true })
  assert.is(builds.at(-1)!.pending, true)
  for (const file of await listAll(serving.outDir)) assert.not.match(await readFile(join(serving.outDir, file), 'latin1'), 'Private notes', file)
  assert.match(await readFile(join(serving.privateDir, '_docsgen', 'data', 'docs', 'Private', 'notes.json'), 'utf8'), 'Private notes, saved.')
})

test('private text saved into a private page is looked for in the public pages rebuilt after it', async () => {
  await paused()
  const notes = join(site.dir, 'content', 'docs', 'Private', 'notes.md')
  const secret = 'The vault opens with the words kept in the second drawer.'
  let from = messages.length
  await writeFile(notes, `${await readFile(notes, 'utf8')}\n${secret}\n`)
  await message(from, reload)
  await paused()
  const good = await readFile(page('intro.md'), 'utf8')
  from = messages.length
  await writeFile(page('intro.md'), `${good}\n${secret}\n`)
  const error = await message(from, (message) => message.type === 'error')
  const leak = (file: string) => ({
    file: 'content/docs/Private/notes.md',
    ruleId: 'private-leak',
    severity: 'error',
    message: `Text of private page "/docs/Private/notes" appears in the public file "${file}": "${secret}"`,
    suggestion: 'This is a docsgen bug or a public page quoting private text; remove the text from the public page.',
  })
  assert.equal(error.diagnostics, [leak('_docsgen/data/docs/Guides/intro.json'), leak('docs/Guides/intro.html')])
  assert.not.match((await served('/docs/Guides/intro')).text, secret)
  from = messages.length
  await writeFile(page('intro.md'), good)
  assert.equal(await message(from, () => true), { type: 'ok' })
})

test('at a pause, a whole build brings the site-wide files up to date and finds every page as the rebuilds left it', async () => {
  for (const deadline = Date.now() + 60_000; !builds.at(-1)!.background && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50))
  await serving.settled()
  assert.equal(builds.at(-1), { pending: false, background: true, exitCode: 0, changedRoutes: [] })
  assert.match(await readFile(join(serving.outDir, '_docsgen', 'manifest.json'), 'utf8'), '"Getting started"')
})

test('after a whole build that failed, the fix is built whole: the other pages show what that build saw', async () => {
  await paused()
  const added = '---\ntitle: Fourth page\n---\n\nAdded with [a broken link](./missing.md).\n'
  let from = messages.length
  await writeFile(page('fourth.md'), added)
  assert.is((await message(from, (message) => message.type === 'error')).diagnostics!.length, 1)
  assert.equal(builds.at(-1), { pending: false, background: false, exitCode: 1, changedRoutes: [] })
  from = messages.length
  await writeFile(page('fourth.md'), added.replace('./missing.md', './other.md'))
  assert.equal(await message(from, () => true), { type: 'ok' })
  await message(from, reload)
  assert.match((await served('/docs/Guides/fourth')).text, 'Added with')
  assert.match((await served('/docs/Guides/other')).text, 'Fourth page')
  from = messages.length
  await rm(page('fourth.md'))
  await message(from, (message) => reload(message) && message.routes !== 'all' && message.routes!.includes('/docs/Guides/fourth'))
})

test('a page added is built and served; deleted, it is gone', async () => {
  await paused()
  let from = messages.length
  await writeFile(page('third.md'), '---\ntitle: Third page\n---\n\nA page added while serving.\n')
  await message(from, (message) => reload(message) && message.routes !== 'all' && message.routes!.includes('/docs/Guides/third'))
  const added = await served('/docs/Guides/third')
  assert.is(added.status, 200)
  assert.match(added.text, 'A page added while serving.')
  assert.match((await served('/docs/Guides/other')).text, 'Third page')
  from = messages.length
  await rm(page('third.md'))
  await message(from, (message) => reload(message) && message.routes !== 'all' && message.routes!.includes('/docs/Guides/third'))
  assert.is((await served('/docs/Guides/third')).status, 404)
  assert.not.match((await served('/docs/Guides/other')).text, 'Third page')
})

async function listAll(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
}

test.run()
