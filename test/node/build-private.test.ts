/**
 * The build's private output, end to end (issue 12 items 4 and 5): with marker strings in every
 * private body, title, heading, description, file, folder and navigation label, no deployable
 * file holds a marker, in its content or its name; the private folder holds what the gate
 * serves, and the gate serves it. privatePages 'exclude' and 'client-only' as configured.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createFolderStore, createGate } from '../../src/gate/index.js'
import { build } from '../../src/node/build.js'
import { formatReport } from '../../src/node/format-report.js'
import { formatDiagnostic } from '../../src/shared/diagnostic.js'
import { ask, emulatorWorld } from '../gate/gate-world.js'
import { withFixtureSite, type FixtureSite } from '../helpers/fixture-site.js'

// Every marker of the fixture, in any case (slugs and ids are lower case); not React's own `markerEnd` in the login widget's bundle.
const marker = /marker(?:asset|body|category|deep|description|file|folder|foot|heading|label|nav|shared|title)/i

/** Every file under a folder: its path and its bytes as text. */
async function files(site: FixtureSite, folder: string): Promise<{ file: string; text: string }[]> {
  return Promise.all((await site.list(folder)).map(async (file) => ({ file, text: await readFile(join(site.dir, folder, file), 'latin1') })))
}

const gate = suite('privatePages: gate (the default)')

gate('no marker in any deployable file, its name or its bytes; every marker in the private folder', async () => {
  await withFixtureSite('private-markers', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    assert.is(result.exitCode, 0)
    const report = formatReport(result, { color: false, command: 'build' })
    assert.match(report, /✔ Built 10 pages \(5 private, served only through the gate\) in /)
    assert.match(report, `  Private pages: ${join(site.dir, '.docsgen/private')} (never deploy this folder)`)
    const published = await files(site, 'build')
    assert.ok(published.length >= 8, `only ${published.length} files`)
    for (const { file, text } of published) {
      assert.not.match(file, marker, `${file} is named after a private page`)
      assert.not.match(text, marker, `${file} holds ${marker.exec(text)?.[0]}: ${text.slice(Math.max(0, (marker.exec(text)?.index ?? 0) - 60), (marker.exec(text)?.index ?? 0) + 60)}`)
      assert.not.match(text, '/docs/Closed', `${file} names a private path`)
      assert.not.match(text, '/docs/Members/welcome', `${file} names a private path`)
    }
    // The test could fail: every kind of marker is there to find, in the private folder.
    const kept = (await files(site, '.docsgen/private')).map(({ file, text }) => `${file}\n${text}`).join('\n')
    for (const expected of ['MARKERFILE-plan', 'MARKERASSET-chart.svg', 'MARKERSHARED-picture.svg', 'MARKERFOLDER/MARKERDEEP', 'MARKERTITLE-OVERVIEW', 'MARKERDESCRIPTION-PLAN', 'MARKERLABEL-PLAN', 'MARKERHEADING-PLAN', 'MARKERBODY-DEEP', 'MARKERNAV', 'MARKERFOOT', 'MARKERCATEGORY', 'markercategory', 'MARKERTITLE-MEMBERS'])
      assert.match(kept, expected)
  })
})

gate('the gate serves the built private folder: the page to a reader in the group, the same shell for every private path, refusals elsewhere', async () => {
  await withFixtureSite('private-markers', async (site) => {
    await build({ siteDir: site.dir })
    const w = await emulatorWorld({ store: createFolderStore(join(site.dir, '.docsgen/private')) })
    const admin = await w.signIn('admin@example.test', ['admins'])
    const reader = await w.signIn('reader@example.test')
    const plan = await ask(w.gate, '/_docsgen/gate/page/docs/Closed/MARKERFILE-plan', { token: admin })
    assert.is(plan.status, 200)
    assert.match(plan.body, 'MARKERBODY-PLAN')
    assert.is((await ask(w.gate, '/_docsgen/gate/page/docs/Closed/MARKERFILE-plan', { token: reader })).status, 403)
    assert.is((await ask(w.gate, '/_docsgen/gate/page/docs/Members/welcome', { token: reader })).status, 200)
    const chart = await ask(w.gate, '/_docsgen/gate/page/docs/Closed/MARKERASSET-chart.svg', { token: admin })
    assert.equal([chart.status, chart.headers.get('content-type')], [200, 'image/svg+xml'])
    assert.is((await ask(w.gate, '/_docsgen/gate/page/docs/Open/MARKERSHARED-picture.svg', { token: admin })).status, 200, 'a file only private pages show is private')
    assert.is((await ask(w.gate, '/_docsgen/gate/page/docs/Open/MARKERSHARED-picture.svg', { token: reader })).status, 404, 'private by its users, not by a rule')
    assert.is((await ask(w.gate, '/_docsgen/gate/page/docs/category/markercategory', { token: admin })).status, 200)
    const shell = await ask(w.gate, '/docs/Closed/MARKERFILE-plan')
    assert.equal([shell.status, marker.test(shell.body), shell.body.includes('data-login-gate')], [401, false, true])
    assert.is((await ask(w.gate, '/docs/Closed/no-such-page')).body, shell.body)
    assert.is((await ask(w.gate, '/docs/Members/welcome')).body, shell.body)
    const navigation = JSON.parse((await ask(w.gate, '/_docsgen/gate/navigation', { token: reader })).body)
    assert.equal(navigation.map((item: { label: string }) => item.label), ['MARKERTITLE-MEMBERS'])
    const all = JSON.parse((await ask(w.gate, '/_docsgen/gate/navigation', { token: admin })).body)
    assert.equal(all.map((item: { kind: string; label: string }) => `${item.kind} ${item.label}`), [
      'navbar MARKERNAV',
      'footer MARKERFOOT',
      'sidebar Closed',
      'sidebar MARKERCATEGORY',
      'sidebar MARKERTITLE-DEEP',
      'sidebar MARKERLABEL-PLAN',
      'sidebar MARKERTITLE-MEMBERS',
    ])
  })
})

gate('a private sidebar shows only what every reader of the page may open', async () => {
  await withFixtureSite('private-markers', async (site) => {
    await build({ siteDir: site.dir })
    const members = await site.read('.docsgen/private/_docsgen/data/docs/Members/welcome.json')
    assert.match(members, 'MARKERTITLE-MEMBERS')
    assert.not.match(members, 'MARKERLABEL-PLAN', 'a page for any signed-in reader lists no admins-only page')
    assert.not.match(members, '/docs/Closed')
    assert.match(await site.read('.docsgen/private/_docsgen/data/docs/Closed/MARKERFILE-plan.json'), 'MARKERTITLE-MEMBERS')
  })
})

gate('a private main doc is an error: the docs root and the not-found page would name it publicly', async () => {
  await withFixtureSite('private-markers', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    await writeFile(config, (await readFile(config, 'utf8')).replace("mainDoc: 'Open/start'", "mainDoc: 'Closed/MARKERFILE-plan'"))
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 1)
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'site.config.ts:8:11: error: "/" sends readers on to the main doc "/docs/Closed/MARKERFILE-plan", which is private, so every reader would be sent to sign in and its path would be public. Set docs.mainDoc to a public doc (its path under content/docs, without the extension). [docsgen:redirect-target-private]',
      'site.config.ts:8:11: error: "/docs" sends readers on to the main doc "/docs/Closed/MARKERFILE-plan", which is private, so every reader would be sent to sign in and its path would be public. Set docs.mainDoc to a public doc (its path under content/docs, without the extension). [docsgen:redirect-target-private]',
    ])
  })
})

const exclude = suite("privatePages: 'exclude'")

exclude('private pages are in no output at all', async () => {
  await withFixtureSite('private-markers', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Probe Docs',", "title: 'Probe Docs',\n  privatePages: 'exclude',"))
    const result = await build({ siteDir: site.dir })
    assert.equal([result.exitCode, result.diagnostics.map(formatDiagnostic), result.pages], [0, [], { public: 5, private: 0 }])
    const report = formatReport(result, { color: false, command: 'build' })
    assert.match(report, /✔ Built 5 pages \(5 private, left out\) in /)
    assert.not.match(report, 'Private pages:')
    for (const { file, text } of await files(site, 'build')) assert.not.match(`${file}\n${text}`, marker, file)
    assert.equal(await readdir(join(site.dir, '.docsgen/private')), [])
  })
})

const clientOnly = suite("privatePages: 'client-only'")

clientOnly('publishes private pages like public ones, with a warning on every build', async () => {
  await withFixtureSite('private-markers', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Probe Docs',", "title: 'Probe Docs',\n  privatePages: 'client-only',"))
    for (let run = 0; run < 2; run += 1) {
      const result = await build({ siteDir: site.dir })
      assert.match(formatReport(result, { color: false, command: 'build' }), /✔ Built 10 pages \(5 private, published for anyone to read\) in .* with 1 warning\./)
      assert.is(result.exitCode, 0)
      assert.equal(result.diagnostics.map(formatDiagnostic), [
        "site.config.ts:7:3: warning: privatePages is 'client-only': private pages are written to the public output and only hidden in the browser, so anyone can read them. Remove privatePages to serve them only to readers who sign in (the default, 'gate'), or set it to 'exclude' to leave them out. [docsgen:private-pages-public]",
      ])
    }
    assert.match(await site.read('build/docs/Closed/MARKERFILE-plan.html'), 'MARKERBODY-PLAN')
    assert.match(await site.read('build/docs/Closed/MARKERASSET-chart.svg'), 'MARKERASSET-TEXT')
    assert.match(await site.read('build/docs/Open/start.html'), 'MARKERNAV')
    assert.equal(await readdir(join(site.dir, '.docsgen/private')), [])
    assert.ok(createGate({ orgID: 'org-docs', baseURL: 'http://127.0.0.1:8787', store: createFolderStore(join(site.dir, '.docsgen/private')) }))
  })
})

gate.run()
exclude.run()
clientOnly.run()
