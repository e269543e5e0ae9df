/** Versioned docs laid out as Docusaurus lays them out (issue 11 item 6): routes, sidebars, links, dropdown, banners, privacy. */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const between = (html: string, start: string, end: string) => {
  const from = html.indexOf(start)
  return from === -1 ? undefined : html.slice(from, html.indexOf(end, from) + end.length)
}

test('each version has its routes and sidebar: the last released at /docs, the current one at /docs/next, older ones at /docs/<name>', async () => {
  await withFixtureSite('versioned-docs', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    const manifest = result.manifest!
    assert.equal(
      manifest.versions.map((version) => `${version.name} "${version.label}" ${version.path} ${version.mainDoc} ${version.banner ?? '-'}${version.isLast ? ' last' : ''}`),
      ['current "Next" /docs/next intro unreleased', '2.0 "2.0" /docs intro - last', '1.0 "1.0" /docs/1.0 intro unmaintained'],
    )
    assert.is(manifest.version.name, '2.0')
    assert.equal(
      manifest.routes.filter((route) => route.kind === 'doc').map((route) => `${route.path} ${route.version} ${route.sidebar}`),
      [
        '/docs/1.0/intro 1.0 version-1.0/sanctum',
        '/docs/1.0/setup 1.0 version-1.0/sanctum',
        '/docs/guides/setup 2.0 version-2.0/docs',
        '/docs/internal/secret 2.0 version-2.0/docs',
        '/docs/intro 2.0 version-2.0/docs',
        '/docs/next/internal/secret current sanctum',
        '/docs/next/intro current sanctum',
        '/docs/next/new current sanctum',
      ],
    )
    const redirects = manifest.routes.filter((route) => route.kind === 'redirect').map((route) => `${route.path} → ${route.redirectTo}`)
    assert.equal(redirects, ['/ → /docs/intro', '/docs → /docs/intro', '/docs/1.0 → /docs/1.0/intro', '/docs/next → /docs/next/intro'])
  })
})

test('links inside a version stay in it; the dropdown and the banners are drawn by the server', async () => {
  await withFixtureSite('versioned-docs', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    const old = await site.read('build/docs/1.0/intro.html')
    assert.ok(old.includes('<p>The <a href="/docs/next/intro">intro of the next version</a> and <a href="/docs/1.0/setup#install">setup</a>.</p>'))
    assert.ok((await site.read('build/docs/intro.html')).includes('<p>Read <a href="/docs/guides/setup">the guide</a> and <a href="/docs/guides/setup#install">again</a>.</p>'))
    // A file beside a version's docs is published beside its pages.
    assert.ok((await site.read('build/docs/1.0/setup.html')).includes('<img src="/docs/1.0/shot.png" alt="A shot">'))
    assert.is(await site.read('build/docs/1.0/shot.png'), 'PNG')
    assert.is(
      between(old, '<details class="navbar-versions">', '</details>'),
      '<details class="navbar-versions"><summary class="navbar-versions-label" aria-label="Docs version: 1.0">1.0</summary><ul class="navbar-versions-list">' +
        '<li><a class="navbar-versions-link" href="/docs/next/intro" data-docs-version="current">Next</a></li>' +
        '<li><a class="navbar-versions-link" href="/docs/intro" data-docs-version="2.0">2.0</a></li>' +
        '<li><a class="navbar-versions-link navbar-versions-link--active" href="/docs/1.0/intro" aria-current="true" data-docs-version="1.0">1.0</a></li></ul></details>',
    )
    assert.is(
      between(old, '<div class="version-banner"', '</div>'),
      '<div class="version-banner" role="alert"><p>This is documentation for Versioned <b>1.0</b>, which is no longer actively maintained.</p><p>For up-to-date documentation, see the <b><a href="/docs/intro">latest version</a></b> (2.0).</p></div>',
    )
    const next = await site.read('build/docs/next/new.html')
    // A page only the current version has sends the banner's readers to the last version's main doc.
    assert.is(
      between(next, '<div class="version-banner"', '</div>'),
      '<div class="version-banner" role="alert"><p>This is unreleased documentation for Versioned <b>Next</b> version.</p><p>For up-to-date documentation, see the <b><a href="/docs/intro">latest version</a></b> (2.0).</p></div>',
    )
    assert.ok(next.includes('data-docs-version="current"'))
    assert.not.ok((await site.read('build/docs/intro.html')).includes('version-banner'))
    assert.ok(old.includes('<meta name="docusaurus_version" content="1.0"><meta name="docsearch:version" content="1.0">'))
    // Client navigation gets the dropdown drawn for the page it loads.
    const data = JSON.parse(await site.read('build/_docsgen/data/docs/1.0/setup.json')) as { versions?: string }
    assert.ok(data.versions?.includes('href="/docs/1.0/setup" aria-current="true" data-docs-version="1.0"'))
  })
})

test('a private path rule holds in every version: no page of an old or next version leaks, nor its path', async () => {
  await withFixtureSite('versioned-docs', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    const access = (path: string) => result.manifest!.routes.find((route) => route.path === path)?.access
    assert.equal(access('/docs/next/internal/secret'), { private: true, groups: ['staff'], rules: ['/docs/internal/**'] })
    assert.equal(access('/docs/internal/secret'), { private: true, groups: ['staff'], rules: ['/docs/internal/**'] })
    const files = (await readdir(join(site.dir, 'build'), { recursive: true })).map(String)
    for (const file of files.filter((name) => /\.(html|json|xml|txt|js)$/.test(name))) {
      const text = await readFile(join(site.dir, 'build', file), 'utf8')
      assert.not.ok(/TOP-SECRET|internal\/secret|Secret (next|two)/.test(text), `${file} names a private page`)
    }
  })
})

test("a private path rule is also given, as it reads under every other version, to the gate and to the sign-in shell: a reader who opens such a page is asked to sign in, not told it is missing", async () => {
  await withFixtureSite('versioned-docs', async (site) => {
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [])
    const gate = JSON.parse(await site.read('.docsgen/private/gate.json')) as { rules: { pattern: string; groups: string[] }[] }
    const covering = (path: string) => gate.rules.filter((rule) => new RegExp(rule.pattern).test(path)).map((rule) => rule.groups)
    assert.equal(covering('/docs/internal/secret'), [['staff']])
    assert.equal(covering('/docs/next/internal/secret'), [['staff']])
    assert.equal(covering('/docs/1.0/internal/anything'), [['staff']])
    assert.equal(covering('/docs/next/intro'), [])
    const shell = await site.read('build/404.html')
    const patterns = JSON.parse(/"patterns":(\[[^\]]*\])/.exec(shell)![1]!) as string[]
    assert.ok(patterns.some((pattern) => new RegExp(pattern).test('/docs/next/internal/secret')))
  })
})

test('a version under a private rule publishes nothing of its docs: no route, no sidebar entry, not its name in the versions', async () => {
  await withFixtureSite('versioned-docs', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    await writeFile(config, (await readFile(config, 'utf8')).replace("{ path: '/docs/internal/**', groups: ['staff'] }", "{ path: '/docs/internal/**', groups: ['staff'] }, { path: '/docs/1.0/**' }"))
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    const published = JSON.parse(await site.read('build/_docsgen/manifest.json')) as { versions: { name: string; mainDoc: string }[]; sidebars: Record<string, unknown[]> }
    assert.equal(published.versions.map((version) => `${version.name} ${version.mainDoc}`), ['current intro', '2.0 intro'])
    assert.equal(published.sidebars['version-1.0/sanctum'], [])
    const files = (await readdir(join(site.dir, 'build'), { recursive: true })).map(String)
    assert.equal(files.filter((file) => file.includes('1.0')), [])
  })
})

test('docs.lastVersion and docs.versions place and name versions as Docusaurus does', async () => {
  await withFixtureSite('versioned-docs', async (site) => {
    await writeFile(
      join(site.dir, 'site.config.ts'),
      "export default { title: 'Versioned', docs: { lastVersion: 'current', versions: { current: { label: 'Dev' }, '1.0': { path: 'legacy', banner: 'none', noIndex: true } } }, url: 'https://docs.example.org', onBrokenLinks: 'warn' }\n",
    )
    const result = await build({ siteDir: site.dir })
    // With the current version at /docs, /docs/next is no page: the old version's link to it is broken now.
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'versioned_docs/version-1.0/intro.md:3:5: warning: Link "/docs/next/intro" matches no page. Did you mean "/docs/2.0/intro"? [docsgen:missing-route]',
    ])
    assert.equal(
      result.manifest!.versions.map((version) => `${version.name} "${version.label}" ${version.path} ${version.banner ?? '-'}${version.isLast ? ' last' : ''}`),
      ['current "Dev" /docs - last', '2.0 "2.0" /docs/2.0 unmaintained', '1.0 "1.0" /docs/legacy -'],
    )
    // A noIndex version is kept out of the sitemap and out of search engines.
    const sitemap = await site.read('build/sitemap.xml')
    assert.ok(sitemap.includes('<loc>https://docs.example.org/docs/2.0/intro</loc>'))
    assert.not.ok(sitemap.includes('/docs/legacy/'))
    assert.ok((await site.read('build/docs/legacy/intro.html')).includes('<meta name="robots" content="noindex">'))
  })
})

test('versions.json that is not a list of names, a version without its folder and unknown version options are errors', async () => {
  await withFixtureSite('versioned-docs', async (site) => {
    await writeFile(join(site.dir, 'versions.json'), '["2.0", "../up"]\n')
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic), [
      'versions.json: error: versions.json must list version names (letters, digits, ".", "-", "_"; not "current"), got "../up". Write versions.json as a list of version names, newest first, such as ["2.0", "1.0"]. [docsgen:config-invalid]',
    ])
    await writeFile(join(site.dir, 'versions.json'), '["2.0", "1.0",]\n')
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic), [
      'versions.json:1:15: error: Invalid JSON: expected a value. Write versions.json as a list of version names, newest first, such as ["2.0", "1.0"]. [docsgen:config-invalid]',
    ])
    await writeFile(join(site.dir, 'versions.json'), '["3.0", "2.0", "1.0"]\n')
    await writeFile(join(site.dir, 'site.config.ts'), "export default { title: 'Versioned', docs: { versions: { '9.9': { label: 'Nine' } } } }\n")
    await rm(join(site.dir, 'versioned_sidebars'), { recursive: true })
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic), [
      'site.config.ts: error: "docs.versions.9.9" names no version: "9.9" is neither "current" nor in versions.json. [docsgen:config-invalid]',
    ])
    await writeFile(join(site.dir, 'site.config.ts'), "export default { title: 'Versioned' }\n")
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic), [
      'versions.json: error: versions.json names the version "3.0", but its docs folder versioned_docs/version-3.0/ does not exist. Put the docs of version 3.0 in versioned_docs/version-3.0/, or take "3.0" out of versions.json. [docsgen:config-invalid]',
    ])
  })
})

test.run()
