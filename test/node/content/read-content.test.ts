import { spawnSync } from 'node:child_process'
import { chmod } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { withFixtureSite } from '../../helpers/fixture-site.js'

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
