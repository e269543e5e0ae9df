import { existsSync } from 'node:fs'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../src/node/build.js'
import { formatDiagnostic } from '../src/shared/diagnostic.js'
import { pageDataFile } from '../src/shared/page-data.js'
import { crawlOutput } from './helpers/crawl-output.js'

const repository = new URL('..', import.meta.url).pathname

// Spec 000 §2, the route table, as written there.
const specRoutes = [
  '/',
  '/markdown-page',
  '/docs',
  '/docs/category/chromeos',
  '/docs/category/development',
  '/docs/category/lotus-byte',
  '/docs/category/microsoft',
  '/docs/category/papercut',
  '/docs/category/perspectives',
  '/docs/category/sanctum',
  '/docs/Lotus Byte/',
  '/docs/Lotus Byte/changelog',
  '/docs/Private/',
  '/docs/Private/notice',
  '/docs/Private/Frost/OSINT MAKES ME CRY',
  '/docs/Private/Vault/KCSIE Filtering Responsibilities',
  '/docs/Private/Vault/LGFL Filtering Implementations',
  '/docs/Sanctum/intro',
  '/docs/Sanctum/ChromeOS/Install Runescape on ChromeOS',
  '/docs/Sanctum/Development/Lotus API Guidelines',
  '/docs/Sanctum/Development/Setup an Apache2 Server',
  '/docs/Sanctum/Development/Setup Apache2 with Nodejs & Reverse Proxy',
  '/docs/Sanctum/Microsoft/PowerShell',
  '/docs/Sanctum/PaperCut/Find-Me Printing',
  '/docs/Sanctum/PaperCut/Key Concepts',
  '/docs/Sanctum/Perspectives/OneDrive & SharePoint',
]

test("the repository's own site builds cleanly: every route of the spec's table, the Private section private", async () => {
  const out = await mkdtemp(join(tmpdir(), 'docsgen-site-'))
  try {
    const result = await build({ siteDir: repository, outDir: join(out, 'build'), privateDir: join(out, 'private') })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    assert.is(result.exitCode, 0)
    const routes = new Map(result.manifest!.routes.map((route) => [route.path, route]))
    for (const path of specRoutes) {
      const route = routes.get(path)
      assert.ok(route, `no route ${path}`)
      const folder = route!.access.private ? 'private' : 'build'
      // The gate answers a private page from its page data.
      assert.ok(existsSync(join(out, folder, route!.access.private ? pageDataFile(path)! : route!.file)), `no file for ${path} in ${folder}/`)
      if (route!.access.private) assert.not.ok(existsSync(join(out, 'build', route!.file)), `a public file for ${path}`)
    }
    assert.equal(
      result.manifest!.routes.filter((route) => route.access.private).map((route) => route.path),
      specRoutes.filter((path) => path.startsWith('/docs/Private/')).sort(),
    )
    // The spec's docs catalogue: one version, current, labelled Next, at /docs, main doc Sanctum/intro (the only one, so the last, with no banner).
    assert.equal(result.manifest!.version, { name: 'current', label: 'Next', path: '/docs', mainDoc: 'Sanctum/intro', banner: undefined, isLast: true, noIndex: false })
    assert.equal(result.manifest!.versions, [result.manifest!.version])
    assert.ok(existsSync(join(out, 'build', '404.html')))
    // No byte of the Private section in the deployable folder: its distinctive words, anywhere, file names included.
    for (const file of await readdir(join(out, 'build'), { recursive: true })) {
      assert.not.match(file, /Private|OSINT|Frost|Vault|notice/, `${file} is named after a private page`)
      if (!file.endsWith('.html') && !file.endsWith('.json') && !file.endsWith('.xml')) continue
      const text = await readFile(join(out, 'build', file), 'utf8')
      for (const word of ['KCSIE', 'LGfL', 'SchoolProtect', 'OSINT', 'Frost', 'Vault', '/docs/Private/', 'docs/Private/notice']) assert.not.match(text, word, `${file} mentions ${word}`)
    }
    // Every link of every page (navbar, sidebar, cards, footer, content), public and private, leads somewhere.
    const crawl = crawlOutput({ outDir: join(out, 'build'), baseUrl: '/', privateDir: join(out, 'private') })
    assert.equal(crawl.broken, [])
    assert.ok(crawl.followed > 800, `only ${crawl.followed} references followed`)
  } finally {
    await rm(out, { recursive: true, force: true })
  }
})

test.run()
