/**
 * Private pages stay private in a full build of the basic fixture site: no byte of theirs in any
 * deployable file (names included), the search index, page data or files only they use; a public
 * page that would leak private text fails the build and writes nothing.
 */
import { existsSync } from 'node:fs'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../src/node/build.js'
import { formatDiagnostic } from '../../src/shared/diagnostic.js'
import { withFixtureSite } from '../helpers/fixture-site.js'

const messages = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.map(formatDiagnostic)

const privacy = suite('build: private pages are really private')

privacy('no byte of a private page reaches any deployable file, its path and file name included', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 0)
    assert.equal(result.pages, { public: 9, private: 2 })
    for (const file of await site.list('build')) {
      assert.not.match(file, 'Private', `${file} is named after a private page`)
      const text = await readFile(join(site.dir, 'build', file), 'utf8')
      assert.not.match(text, 'PRIVATE-MARKER', `${file} leaks private text`)
      assert.not.match(text, 'Secret words follow', `${file} leaks private text`)
      assert.not.match(text, 'Vault', `${file} leaks a private sidebar entry or path`)
      // The navbar's "Admin area" leads to a private page: it is private navigation, served by the gate.
      assert.not.match(text, 'Admin area', `${file} shows a private navbar link`)
    }
    // The search index was read above as it is published (JSON); its words are stored lowercased.
    const shards = (await site.list('build/_docsgen/search')).filter((file) => /\/w\/[^/]+\.json$/.test(file))
    assert.ok(shards.length > 3)
    const words = new Set<string>()
    for (const file of shards) for (const word of Object.keys(JSON.parse(await site.read(`build/_docsgen/search/${file}`)))) words.add(word)
    assert.ok(words.has('welcome'))
    for (const word of ['private', 'marker', 'overview', 'secrets', 'secret', 'vault', 'detector', 'sentence', 'everywhere']) assert.not.ok(words.has(word), `the search index holds "${word}"`)
  })
})

privacy('a file beside private pages, or used by private pages only, is published to the private output only', async () => {
  await withFixtureSite('basic-site', async (site) => {
    // A file in a public folder that only a private page shows says as much as the page.
    await writeFile(join(site.dir, 'content/docs/Guides/audit.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><text>PRIVATE-MARKER-AUDIT</text></svg>\n')
    const secrets = join(site.dir, 'content/docs/Private/Vault/secrets.md')
    await writeFile(secrets, `${await readFile(secrets, 'utf8')}\n![Audit](../../Guides/audit.svg)\n`)
    // A public page showing a file under a private path gets a warning; the file stays private.
    await writeFile(join(site.dir, 'content/pages/about.md'), '---\ntitle: About\n---\n\n![The vault](/docs/Private/Vault/vault-map.svg)\n')
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 0)
    assert.equal(messages(result), [
      'content/pages/about.md:5:1: warning: Public page shows the private file "/docs/Private/Vault/vault-map.svg", which most readers cannot open. Use a public file instead, or make this page private too. [docsgen:private-link]',
    ])
    assert.equal(await site.list('.docsgen/private'), [
      '_docsgen/data/docs/Private.json',
      '_docsgen/data/docs/Private/Vault/secrets.json',
      'docs/Guides/audit.svg',
      'docs/Private/Vault/vault-map.svg',
      'gate.json',
      'manifest.json',
      'shell.html',
    ])
    const published = await site.list('build')
    assert.not.ok(published.includes('docs/Guides/audit.svg'))
    assert.not.ok(published.includes('docs/Private/Vault/vault-map.svg'))
    assert.equal(result.manifest!.assets.find((asset) => asset.path === '/docs/Guides/audit.svg')!.access, {
      private: true,
      groups: ['admins'],
      rules: ['/docs/Private/**'],
    })
    const publicManifest = await site.read('build/_docsgen/manifest.json')
    assert.not.match(publicManifest, 'vault-map')
    assert.not.match(publicManifest, 'audit.svg')
  })
})

privacy('private routes have no public file: their pages and one sign-in shell for every private path are in the private output, listed in gate.json', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await build({ siteDir: site.dir })
    assert.not.ok(existsSync(join(site.dir, 'build/docs/Private')))
    const shell = await site.read('.docsgen/private/shell.html')
    assert.match(shell, '<h1>Private page</h1><div class="login-gate" data-login-gate="">')
    assert.match(shell, '<meta name="robots" content="noindex">')
    assert.not.match(shell, 'docs/Private')
    const body = JSON.parse(await site.read('.docsgen/private/_docsgen/data/docs/Private.json'))
    assert.equal([body.format, body.path, body.title, body.sidebar, body.redirect], [2, '/docs/Private/', 'PRIVATE-MARKER-TITLE-OVERVIEW | Fixture Docs', undefined, undefined])
    assert.match(body.html, 'PRIVATE-MARKER-BODY-OVERVIEW')
    assert.match(body.html, '<h2 id="private-marker-heading-overview">PRIVATE-MARKER-HEADING-OVERVIEW<a class="hash-link"')
    // Its sidebar is drawn in, with the private entries its readers may open.
    assert.match(body.html, 'PRIVATE-MARKER-TITLE-SECRETS')
    const gate = JSON.parse(await site.read('.docsgen/private/gate.json'))
    // No public page data for a private route: the gate answers it from the private folder.
    assert.not.ok(existsSync(join(site.dir, 'build/_docsgen/data/docs/Private.json')))
    assert.equal(gate.entries, {
      '/docs/Private': { groups: ['admins'], file: '_docsgen/data/docs/Private.json', type: 'application/json; charset=utf-8' },
      '/docs/Private/Vault/secrets': { groups: ['admins'], file: '_docsgen/data/docs/Private/Vault/secrets.json', type: 'application/json; charset=utf-8' },
      '/docs/Private/Vault/vault-map.svg': { groups: ['admins'], file: 'docs/Private/Vault/vault-map.svg', type: 'image/svg+xml' },
    })
    assert.equal(gate.rules, JSON.parse(await site.read('build/_docsgen/manifest.json')).privatePaths)
    assert.equal(gate.navigation, [
      { path: '/docs/Private', kind: 'navbar', label: 'Admin area', position: 'left', groups: ['admins'], href: '/docs/Private/' },
      { path: '/docs/Private', kind: 'sidebar', type: 'category', label: 'Private', href: '/docs/Private/', trail: [] },
      { path: '/docs/Private/Vault/secrets', kind: 'sidebar', type: 'doc', label: 'PRIVATE-MARKER-TITLE-SECRETS', href: '/docs/Private/Vault/secrets', trail: ['Private', 'Vault'] },
    ])
    assert.equal([gate.format, gate.baseUrl, gate.shell], [1, '/', 'shell.html'])
  })
})

privacy('the public manifest lists no private route, only the rules as patterns; the private one keeps everything', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await build({ siteDir: site.dir })
    const publicManifest = JSON.parse(await site.read('build/_docsgen/manifest.json'))
    assert.equal(publicManifest.routes.filter((route: { path: string }) => route.path.startsWith('/docs/Private')), [])
    assert.equal(publicManifest.privatePaths.map((rule: { groups: string[] }) => rule.groups), [['admins']])
    const privateManifest = JSON.parse(await site.read('.docsgen/private/manifest.json'))
    assert.is(privateManifest.routes.find((entry: { path: string }) => entry.path === '/docs/Private/').title, 'PRIVATE-MARKER-TITLE-OVERVIEW')
    assert.not.match(await site.read('build/sitemap.xml'), 'Private')
  })
})

privacy("a private page that imports a page of another group's readers fails the build: it would show that page to its own readers", async () => {
  await withFixtureSite('group-sidebars', async (site) => {
    await rm(join(site.dir, 'content/docs/beta-secret.md'))
    await writeFile(join(site.dir, 'content/docs/beta-secret.mdx'), "import Plans from './alpha-secret.md'\n\n# Beta plans\n\n<Plans />\n")
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      'content/docs/beta-secret.mdx:1:1: error: The private page "/docs/beta-secret" (for readers in "beta") includes content/docs/alpha-secret.md, the source of the private page "/docs/alpha-secret" (for readers in "alpha"), and would show its text to readers who may not read it. Move the shared text into a file both sets of readers may read, or give the including page the same groups. [docsgen:private-leak]',
    ])
  })
})

privacy("a public page whose front matter names a private page as next: neither the page nor the published manifest names it", async () => {
  await withFixtureSite('group-sidebars', async (site) => {
    await writeFile(join(site.dir, 'content/docs/intro.md'), '---\ntitle: Welcome\nsidebar_position: 1\npagination_next: alpha-secret\n---\n\nPublic.\n')
    const result = await build({ siteDir: site.dir })
    assert.equal(messages(result), [])
    const published = JSON.parse(await site.read('build/_docsgen/manifest.json')) as { routes: { path: string; display?: { next?: string | null } }[] }
    assert.is(published.routes.find((route) => route.path === '/docs/intro')!.display!.next, null)
    assert.not.match(await site.read('build/docs/intro.html'), 'Alpha plans')
    // The private manifest keeps it as written.
    const whole = JSON.parse(await site.read('.docsgen/private/manifest.json')) as typeof published
    assert.is(whole.routes.find((route) => route.path === '/docs/intro')!.display!.next, '/docs/alpha-secret')
  })
})

privacy('a sidebars file link to a private page is private however it spells the path: with a final "/" under trailingSlash too', async () => {
  await withFixtureSite('group-sidebars', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Groups',", "title: 'Groups',\n  trailingSlash: true,"))
    await writeFile(join(site.dir, 'sidebars.js'), "module.exports = { docs: ['intro', 'alpha-secret', { type: 'link', label: 'Alpha link', href: '/docs/alpha-secret/' }] }\n")
    const result = await build({ siteDir: site.dir })
    assert.equal(messages(result), [])
    const intro = await site.read('build/docs/intro/index.html')
    assert.not.match(intro, 'Alpha link')
    assert.not.match(intro, 'href="/docs/alpha-secret')
    assert.match(await site.read('.docsgen/private/_docsgen/data/docs/alpha-secret.json'), 'Alpha link')
  })
})

privacy("a generated category page whose items are for different groups needs all their groups: a reader who may read none of them never gets its label", async () => {
  await withFixtureSite('mixed-group-category', async (site) => {
    assert.equal(messages(await build({ siteDir: site.dir })), [])
    const gate = JSON.parse(await site.read('.docsgen/private/gate.json')) as { entries: Record<string, { groups: string[] }> }
    assert.equal(Object.fromEntries(Object.entries(gate.entries).map(([path, entry]) => [path, entry.groups])), {
      '/docs/category/acquisition-targets': ['beta', 'alpha'],
      '/docs/partners/globex': ['beta'],
      '/docs/partners/initech': ['alpha'],
    })
  })
})

privacy('a navbar or footer link to a private page is private however its path is spelt: with dot segments, escapes or a query', async () => {
  await withFixtureSite('group-sidebars', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    const items = "[{ label: 'Dotted', to: '/docs/beta-secret/../alpha-secret' }, { label: 'Escaped', to: '/docs/%61lpha-secret' }, { label: 'Queried', to: '/docs/alpha-secret?tab=1' }]"
    await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Groups',", `title: 'Groups',\n  navbar: { items: ${items} },\n  footer: { links: [{ title: 'More', items: ${items} }] },`))
    assert.equal(messages(await build({ siteDir: site.dir })), [])
    const intro = await site.read('build/docs/intro.html')
    for (const label of ['Dotted', 'Escaped', 'Queried']) assert.not.match(intro, label)
    // The gate gives them to the page's readers, each under the page it opens.
    const gate = JSON.parse(await site.read('.docsgen/private/gate.json')) as { navigation: { path: string; label: string; href: string }[] }
    assert.equal(
      gate.navigation.filter((item) => item.path === '/docs/alpha-secret' && item.label !== 'Alpha plans').map((item) => `${item.label} ${item.href}`),
      ['Dotted /docs/beta-secret/../alpha-secret', 'Escaped /docs/alpha-secret', 'Queried /docs/alpha-secret?tab=1', 'Dotted /docs/beta-secret/../alpha-secret', 'Escaped /docs/alpha-secret', 'Queried /docs/alpha-secret?tab=1'],
    )
  })
})

privacy('a public page quoting private text fails the build and names both files', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await writeFile(
      join(site.dir, 'content/pages/about.md'),
      '---\ntitle: About\n---\n\nSecret words follow in this long private sentence that the leak detector will look for everywhere.\n',
    )
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 1)
    // Every public file holding it is named: the page, its page data and its search record.
    const leak = (file: string) =>
      `content/docs/Private/index.md: error: Text of private page "/docs/Private/" appears in the public file "${file}": "Secret words follow in this long private sentence that the leak detector will look for everywhere.". This is a docsgen bug or a public page quoting private text; remove the text from the public page. [docsgen:private-leak]`
    assert.equal(messages(result), [leak('_docsgen/data/about.json'), leak('_docsgen/search (the record of /about)'), leak('about.html')])
    assert.not.ok(existsSync(join(site.dir, 'build')))
  })
})

privacy.run()
