/**
 * Copies a fixture site (test/fixtures/<name>) into a fresh temporary folder, so tests can build
 * it in parallel and change it without touching the fixture. `node_modules` is linked in, so the
 * site's component pages resolve `react` as an author's site would.
 */
import { cp, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'

const repository = new URL('../..', import.meta.url).pathname
export const fixturesDir = join(repository, 'test', 'fixtures')

export interface FixtureSite {
  readonly dir: string
  /** Every file under a folder of the site, relative, with forward slashes, sorted. */
  readonly list: (folder: string) => Promise<string[]>
  readonly read: (file: string) => Promise<string>
  readonly remove: () => Promise<void>
}

export async function fixtureSite(name: string): Promise<FixtureSite> {
  const dir = await mkdtemp(join(tmpdir(), `docsgen-${name}-`))
  await cp(join(fixturesDir, name), dir, { recursive: true })
  await symlink(join(repository, 'node_modules'), join(dir, 'node_modules'), 'dir')
  return {
    dir,
    list: async (folder) =>
      (await readdir(join(dir, folder), { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => relative(join(dir, folder), join(entry.parentPath, entry.name)).split(sep).join('/'))
        .sort(),
    read: (file) => readFile(join(dir, file), 'utf8'),
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}

/** Runs `use` on a fresh copy of a fixture site and removes the copy afterwards, whatever happens. */
export async function withFixtureSite<T>(name: string, use: (site: FixtureSite) => Promise<T>): Promise<T> {
  const site = await fixtureSite(name)
  try {
    return await use(site)
  } finally {
    await site.remove()
  }
}
