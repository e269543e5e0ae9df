import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkOutputPaths } from '../../../src/node/validate/check-output-paths.js'
import { createFileWriter } from '../../../src/node/write/write-site.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import type { Manifest, Route } from '../../../src/shared/manifest.js'

const route = (path: string, file: string, source?: string): Route => ({
  path,
  kind: 'doc',
  title: path,
  description: undefined,
  source,
  file,
  access: { private: false },
  headings: [],
  sidebar: undefined,
  redirectTo: undefined,
})

test('every route and file of the manifest is proven to stay inside the output folder before anything is written', () => {
  const manifest = {
    routes: [route('/docs/intro', 'docs/intro.html', 'content/docs/intro.md'), route('/docs/../../x', 'docs/../../x.html'), route('//x', '/x.html', 'content/docs/x.md')],
    assets: [{ path: '/img/a.png', source: 'static/img/a.png', file: 'img/a.png', access: { private: false } }, { path: '/C:/a', source: 'static/c', file: 'C:/a', access: { private: false } }],
  } as unknown as Manifest
  assert.equal(checkOutputPaths(manifest).map(formatDiagnostic), [
    'site.config.ts: error: "/docs/../../x" would be written to "docs/../../x.html", which has the part "..", which climbs out of its folder. Rename the file, folder, slug or base path it comes from to plain names; nothing was written. [docsgen:output-path-invalid]',
    'content/docs/x.md: error: "//x" would be written to "/x.html", which is an absolute path. Rename the file, folder, slug or base path it comes from to plain names; nothing was written. [docsgen:output-path-invalid]',
    'static/c: error: "/C:/a" would be written to "C:/a", which has the part "C:", which contains ":", a character Windows does not allow in names. Rename the file, folder, slug or base path it comes from to plain names; nothing was written. [docsgen:output-path-invalid]',
  ])
})

test('a writer refuses a path outside its folder and writes nothing', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-writer-'))
  try {
    const writer = createFileWriter(join(root, 'out'))
    for (const file of ['../escaped.html', '/etc/escaped.html', 'a/', 'a\\..\\..\\escaped.html'])
      assert.throws(() => writer.write(file, 'x'), (error: Error) => error.message.startsWith(`Refusing to write "${file}" under ${join(root, 'out')}: it `))
    writer.write('docs/ok.html', 'x')
    assert.equal(writer.written().paths, ['docs/ok.html'])
    assert.not.ok(existsSync(join(root, 'escaped.html')))
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test.run()
