/**
 * Symbolic links and special files in content/ and static/ are refused with their targets named,
 * never followed out of the site and never skipped silently.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const messages = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.map(formatDiagnostic)
const privateLinkWarning =
  'content/pages/about.md:7:5: warning: Public page links to the private page "/docs/Private/", which most readers cannot open. Link to a public page instead, or make this page private too. [docsgen:private-link]'

test('static/ linked to a folder outside the site is refused, naming the link and its target; nothing is published', async () => {
  const outside = await mkdtemp(join(tmpdir(), 'docsgen-outside-'))
  try {
    await writeFile(join(outside, 'id_rsa'), 'SECRET-KEY\n')
    await withFixtureSite('basic-site', async (site) => {
      await rename(join(site.dir, 'static'), join(outside, 'static'))
      await symlink(join(outside, 'static'), join(site.dir, 'static'), 'dir')
      const result = await build({ siteDir: site.dir })
      assert.is(result.exitCode, 1)
      assert.equal(messages(result), [
        privateLinkWarning,
        // The logo is in the refused folder, so nothing serves it.
        'site.config.ts:9:19: error: navbar.logo.src "/img/logo.svg" matches no file in static/. Put the file in static/ (static/img/logo.svg is served at /img/logo.svg). [docsgen:missing-file]',
        `static: error: "static" is a symbolic link to "${join(outside, 'static')}", outside the site; docsgen follows no links in content/ and static/. Move or copy the folder into the site in place of the link. [docsgen:content-symlink]`,
      ])
      assert.not.ok(existsSync(join(site.dir, 'build')))
    })
  } finally {
    await rm(outside, { recursive: true, force: true })
  }
})

test('links to files and folders inside the site, and outside it, are each refused; none is skipped silently', async () => {
  await withFixtureSite('basic-site', async (site) => {
    // A public copy of a private page would publish its body at a public path.
    await symlink('../Private/index.md', join(site.dir, 'content/docs/Guides/copy.md'))
    await symlink('../../static/img', join(site.dir, 'content/docs/images'), 'dir')
    await symlink('/etc/hostname', join(site.dir, 'static/hostname.txt'))
    await symlink('missing.svg', join(site.dir, 'static/img/dangling.svg'))
    // A folder whose name marks no source (_partials) may still hold pages: not skipped either.
    await symlink('Guides', join(site.dir, 'content/docs/_partials'), 'dir')
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      'content/docs/_partials: error: "content/docs/_partials" is a symbolic link to "content/docs/Guides"; docsgen follows no links in content/ and static/. Put the folder itself in place of the link; a followed link would publish one file at two paths, perhaps with different access. [docsgen:content-symlink]',
      'content/docs/Guides/copy.md: error: "content/docs/Guides/copy.md" is a symbolic link to "content/docs/Private/index.md"; docsgen follows no links in content/ and static/. Put the file itself in place of the link; a followed link would publish one file at two paths, perhaps with different access. [docsgen:content-symlink]',
      'content/docs/images: error: "content/docs/images" is a symbolic link to "static/img"; docsgen follows no links in content/ and static/. Put the folder itself in place of the link; a followed link would publish one file at two paths, perhaps with different access. [docsgen:content-symlink]',
      privateLinkWarning,
      'static/hostname.txt: error: "static/hostname.txt" is a symbolic link to "/etc/hostname", outside the site; docsgen follows no links in content/ and static/. Move or copy the file into the site in place of the link. [docsgen:content-symlink]',
      'static/img/dangling.svg: error: "static/img/dangling.svg" is a symbolic link to "missing.svg", which does not exist; docsgen follows no links in content/ and static/. Remove the link, or put the file itself in its place. [docsgen:content-symlink]',
    ])
  })
})

test('content/ linked to a folder inside the site is named once, for both sections', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await rename(join(site.dir, 'content'), join(site.dir, 'sources'))
    await symlink('sources', join(site.dir, 'content'), 'dir')
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(messages(result).filter((message) => message.includes('content-symlink')), [
      'content: error: "content" is a symbolic link to "sources"; docsgen follows no links in content/ and static/. Put the folder itself in place of the link; a followed link would publish one file at two paths, perhaps with different access. [docsgen:content-symlink]',
    ])
  })
})

test('a section that is a file, not a folder, is refused instead of crashing the build', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await rm(join(site.dir, 'static'), { recursive: true })
    await writeFile(join(site.dir, 'static'), 'not a folder\n')
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(messages(result).filter((message) => message.startsWith('static')), [
      'static: error: "static" is not a folder, so nothing in it can be read. Move the file away, and make "static" a folder. [docsgen:content-special-file]',
    ])
  })
})

test('a special file (a named pipe) is refused instead of hanging the build or vanishing', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await mkdir(join(site.dir, 'static/feeds'))
    execFileSync('mkfifo', [join(site.dir, 'static/feeds/live.txt')])
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      privateLinkWarning,
      'static/feeds/live.txt: error: "static/feeds/live.txt" is not a regular file or folder (a named pipe, socket or device), so it cannot be published. Remove it, or put a regular file in its place. [docsgen:content-special-file]',
    ])
  })
})

test('hidden files and folders, links included, are still ignored', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await symlink('/etc', join(site.dir, 'static/.well-hidden'), 'dir')
    await symlink('/etc/hostname', join(site.dir, 'content/docs/.hostname.md'))
    assert.equal(messages(await build({ siteDir: site.dir, write: false })), [privateLinkWarning])
  })
})

const repository = new URL('../../..', import.meta.url).pathname

/** `check` in a child process, as an unprivileged user when this one is root (root may read anything). */
function checkAsUnprivileged(siteDir: string): unknown {
  const asRoot = process.getuid?.() === 0
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(repository, 'test/helpers/check-in-child.ts'), siteDir], {
    cwd: repository,
    encoding: 'utf8',
    // The other user may not write this run's coverage files: that child is left out of coverage.
    ...(asRoot ? { uid: 65534, gid: 65534, env: { ...process.env, NODE_V8_COVERAGE: undefined } } : {}),
  })
  assert.is(child.stderr, '')
  return JSON.parse(child.stdout)
}

test('a file or folder the build may not read is a diagnostic naming it, and the rest is still checked', async () => {
  await withFixtureSite('unreadable', async (site) => {
    await chmod(site.dir, 0o755)
    for (const locked of ['content/docs/Open/locked.md', 'content/docs/Open/diagram.png', 'content/docs/Locked']) await chmod(join(site.dir, locked), 0)
    assert.equal(checkAsUnprivileged(site.dir), {
      exitCode: 1,
      messages: [
        'content/docs/Locked: error: Cannot read the folder: permission denied. Make it readable by the user running the build, or remove it. [docsgen:file-unreadable]',
        'content/docs/Open/diagram.png: error: Cannot read the file: permission denied. Make it readable by the user running the build, or remove it. [docsgen:file-unreadable]',
        'content/docs/Open/locked.md: error: Cannot read the file: permission denied. Make it readable by the user running the build, or remove it. [docsgen:file-unreadable]',
      ],
    })
  })
})



test.run()
