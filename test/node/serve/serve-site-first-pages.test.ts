/**
 * `docsgen serve`'s first pages (serve-site.ts with early-pages.ts): with its first build held
 * back, a page is answered from the skimmed site all the same; a path the skim does not know
 * waits for the build (and gets its 404 then, not before); once the build is done, pages that
 * listen are told to reload, a page answered early that listens only then included; or, when
 * the build finds an error the skim did not look for, shown the overlay.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { serveSite } from '../../../src/node/index.js'
import { createRebuild, type Rebuild } from '../../../src/node/serve/rebuild-site.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

/** The live-reload socket, as a page answered early (`?early`) or from the output connects to it, and the messages it is sent. */
async function listen(url: string, query: string): Promise<{ readonly messages: unknown[]; readonly close: () => void }> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/_docsgen/live/socket${query}`, { origin: url })
  const messages: unknown[] = []
  socket.on('message', (data) => messages.push(JSON.parse(String(data))))
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  return { messages, close: () => socket.close() }
}

async function until(condition: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 30_000; !condition() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20))
}

/** What a page does with the messages: reload whatever its route. */
const told = (messages: unknown[]) => messages.map((message) => `${(message as { type: string }).type} ${String((message as { routes: unknown }).routes)}`)

/** `promise`, or a failure with `message` should it not settle within a generous limit (a regression here would wait forever). */
function within<T>(promise: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(message)), 60_000)))
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer))
}

/** serveSite on `site` with its builds held back until `release` is called. */
function heldBack(siteDir: string) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const folders = { outDir: join(siteDir, '.docsgen', 'serve', 'public'), privateDir: join(siteDir, '.docsgen', 'serve', 'private') }
  const whole = createRebuild({ siteDir, ...folders, drafts: true })
  const rebuild: Rebuild = async (changed) => {
    await held
    return whole(changed)
  }
  const starting = serveSite({ siteDir, watch: true, port: 0, rebuild, ...folders })
  return { starting, release }
}

test('the first page is answered before the first build runs, and reloaded once it is done', async () => {
  await withFixtureSite('serve-skim', async (site) => {
    const { starting, release } = heldBack(site.dir)
    let released = false
    try {
      const serving = await within(starting, 'serve waited for its first build to start')
      const early = await within(fetch(`${serving.url}/docs/Guides/intro`), 'the first page waited for the first build')
      assert.is(early.status, 200)
      const html = await early.text()
      assert.match(html, 'npm start')
      assert.match(html, 'data-socket="/_docsgen/live/socket?early"')
      const unknown = fetch(`${serving.url}/docs/nowhere`).then((response) => [response.status, released])
      const before = await listen(serving.url, '?early')
      released = true
      release()
      assert.equal(await unknown, [404, true])
      await serving.settled()
      await until(() => before.messages.length > 0)
      assert.equal(told(before.messages), ['reload all'])
      // A page answered early whose script connects only after the build is told at once.
      const after = await listen(serving.url, '?early')
      await until(() => after.messages.length > 0)
      assert.equal(told(after.messages), ['reload all'])
      before.close()
      after.close()
      // The build's page is the one answered early, but for the mark on its socket.
      const built = await (await fetch(`${serving.url}/docs/Guides/intro`)).text()
      assert.is(built, html.replace('socket?early"', 'socket"'))
    } finally {
      release()
      await (await starting).close()
    }
  })
})

test('a page answered early shows the overlay when the first build finds an error in the site', async () => {
  await withFixtureSite('serve-skim', async (site) => {
    // A broken link: the skim does not check links, the build does.
    const intro = join(site.dir, 'content', 'docs', 'Guides', 'intro.md')
    await writeFile(intro, `${await readFile(intro, 'utf8')}\nSee [nothing](./missing.md).\n`)
    const { starting, release } = heldBack(site.dir)
    try {
      const serving = await within(starting, 'serve waited for its first build to start')
      assert.is((await within(fetch(`${serving.url}/docs/Guides/intro`), 'the first page waited for the first build')).status, 200)
      const before = await listen(serving.url, '?early')
      release()
      await serving.settled()
      await until(() => before.messages.length > 0)
      const after = await listen(serving.url, '?early')
      await until(() => after.messages.length > 0)
      for (const messages of [before.messages, after.messages]) {
        const [message] = messages as { type: string; diagnostics: { file: string; ruleId: string }[] }[]
        assert.equal([message!.type, message!.diagnostics.map((diagnostic) => `${diagnostic.file} ${diagnostic.ruleId}`)], ['error', ['content/docs/Guides/intro.md missing-file']])
      }
      before.close()
      after.close()
      // No page is answered early any more: with no good build, the placeholder that shows the overlay.
      assert.is((await fetch(`${serving.url}/docs/Guides/intro`)).status, 503)
    } finally {
      release()
      await (await starting).close()
    }
  })
})

test.run()
