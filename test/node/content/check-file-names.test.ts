/**
 * Names that collide on case-insensitive or normalising hosts, and names Windows refuses, are
 * errors naming the files. They are made at run time, not kept as fixture files: a checkout of
 * this repository on Windows or macOS would break on them, which is the very problem.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const messages = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.map(formatDiagnostic)
const privateLinkWarning =
  'content/pages/about.md:7:5: warning: Public page links to the private page "/docs/Private/", which most readers cannot open. Link to a public page instead, or make this page private too. [docsgen:private-link]'

async function put(dir: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    await mkdir(join(dir, file, '..'), { recursive: true })
    await writeFile(join(dir, file), file.endsWith('.md') ? `# ${file.split('/').pop()!.replace(/\.md$/, '')}\n` : 'data\n')
  }
}

test('names that differ only in letter case or Unicode normalisation are errors naming both files', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const nfc = 'caf\u00e9.md'
    const nfd = 'cafe\u0301.md'
    await put(site.dir, ['content/docs/Guides/B.md', 'content/docs/Guides/b.md', `content/docs/Guides/${nfc}`, `content/docs/Guides/${nfd}`, 'content/docs/Guides/setup/extra.md', 'static/img/Logo.svg'])
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      'content/docs/Guides/b.md: error: "content/docs/Guides/B.md" and "content/docs/Guides/b.md" differ only in letter case, which case-insensitive file systems (macOS, Windows) do not tell apart: a checkout keeps one of them. Rename one of them, or merge them. [docsgen:file-name-clash]',
      `content/docs/Guides/${nfc}: error: "content/docs/Guides/${nfd}" and "content/docs/Guides/${nfc}" are one name in two Unicode forms (NFC and NFD), which macOS does not tell apart: a checkout keeps one of them. Rename one of them, or merge them. [docsgen:file-name-clash]`,
      'content/docs/Guides/setup: error: "content/docs/Guides/Setup" and "content/docs/Guides/setup" differ only in letter case, which case-insensitive file systems (macOS, Windows) do not tell apart: a checkout keeps one of them. Rename one of them, or merge them. [docsgen:file-name-clash]',
      privateLinkWarning,
      'static/img/logo.svg: error: "static/img/Logo.svg" and "static/img/logo.svg" differ only in letter case, which case-insensitive file systems (macOS, Windows) do not tell apart: a checkout keeps one of them. Rename one of them, or merge them. [docsgen:file-name-clash]',
    ])
  })
})

test('a page and a folder index at one route (a.md and a/index.md) are a duplicate route', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await put(site.dir, ['content/docs/Guides/extra.md', 'content/docs/Guides/extra/index.md', 'content/docs/Guides/Other.md', 'static/docs/Guides/other.html'])
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      'content/docs/Guides/extra/index.md: error: Routes "/docs/Guides/extra" (by "content/docs/Guides/extra.md") and "/docs/Guides/extra/" (by "content/docs/Guides/extra/index.md") differ only in a trailing slash, which hosts serve at one URL. Rename or move one of them; only one page can live at a path. [docsgen:duplicate-route]',
      privateLinkWarning,
      'static/docs/Guides/other.html: error: "/docs/Guides/other.html" is produced twice, or as both a file and a folder: by "static/docs/Guides/other.html" and by "content/docs/Guides/Other.md". Rename or move one of them; only one file or folder can live at a path. [docsgen:duplicate-route]',
    ])
  })
})

test('names Windows refuses are errors: device names, a trailing dot or space, reserved and control characters', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await put(site.dir, ['content/docs/CON.md', 'content/docs/aux/page.md', 'static/nul.txt', 'static/com1.tar.gz', 'static/notes.', 'static/draft.txt ', 'static/what?.txt', 'static/a\u0007b.txt'])
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    const fix = 'Rename it; names must work on every system the site is checked out, built or served on.'
    assert.equal(messages(result), [
      `content/docs/aux: error: The name "aux" is a device name on Windows (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9, with any extension). ${fix} [docsgen:file-name-unportable]`,
      `content/docs/CON.md: error: The name "CON.md" is a device name on Windows (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9, with any extension). ${fix} [docsgen:file-name-unportable]`,
      privateLinkWarning,
      `static/a\u0007b.txt: error: The name "a\u0007b.txt" contains the control character U+0007, a character Windows does not allow in names. ${fix} [docsgen:file-name-unportable]`,
      `static/com1.tar.gz: error: The name "com1.tar.gz" is a device name on Windows (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9, with any extension). ${fix} [docsgen:file-name-unportable]`,
      `static/draft.txt : error: The name "draft.txt " ends with a space (Windows drops it). ${fix} [docsgen:file-name-unportable]`,
      `static/notes.: error: The name "notes." ends with a dot (Windows drops it). ${fix} [docsgen:file-name-unportable]`,
      `static/nul.txt: error: The name "nul.txt" is a device name on Windows (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9, with any extension). ${fix} [docsgen:file-name-unportable]`,
      `static/what?.txt: error: The name "what?.txt" contains "?", a character Windows does not allow in names. ${fix} [docsgen:file-name-unportable]`,
    ])
  })
})

test.run()
