/** The modules MDX pages are bundled from (mdx-modules.ts): one per text where every page of it would compile the same, one per page otherwise. */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, posix } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { planMdxModules } from '../../../src/node/content/mdx-modules.js'
import { createMdxParser } from '../../../src/node/content/mdx-parser.js'
import type { MdxPage } from '../../../src/node/content/parse-mdx.js'

const modules = suite('MDX modules')

const page = "import Note from './_note.mdx'\nimport Embed from 'an-embed'\n\n# Guide\n\nSee [the setup](./setup.md).\n\n<Note />\n\n<Embed />\n"
const note = '## A note\n\nRead [the intro](./intro.md).\n'

/** Each file compiled as the build compiles it (texts shared), its links published under its folder. */
function parseAll(files: Record<string, string>): Map<string, MdxPage> {
  const parse = createMdxParser(Object.values(files))
  const publish = (file: string) => (url: string) => `/${posix.dirname(file)}/${url.slice(2).replace(/\.md$/, '')}`
  return new Map(Object.entries(files).map(([file, text]) => [file, parse(text, file, publish(file), { slugify: 'github' })]))
}

async function withSite(run: (siteDir: string) => void | Promise<void>): Promise<void> {
  const siteDir = await mkdtemp(join(tmpdir(), 'docsgen-mdx-modules-'))
  try {
    await run(siteDir)
  } finally {
    await rm(siteDir, { recursive: true, force: true })
  }
}

modules('pages of one text in several folders share one module, which imports their partials\' shared module; each page reads its own URLs and its partial\'s', () =>
  withSite((siteDir) => {
    const parsed = parseAll({ 'docs/v1/guide.mdx': page, 'docs/v2/guide.mdx': page, 'docs/v1/_note.mdx': note, 'docs/v2/_note.mdx': note })
    const planned = planMdxModules(['docs/v1/guide.mdx', 'docs/v2/guide.mdx'], parsed, siteDir)
    assert.equal(planned.entries, ['mdx-text:1'])
    assert.equal(planned.shared.length, 2)
    assert.match(planned.shared[1]!, 'import Note from "mdx-text:0";')
    assert.match(planned.shared[1]!, "import Embed from 'an-embed';")
    // Each module reads its own links by its number.
    assert.match(planned.shared[0]!, '<a href=\\"" + globalThis.__docsgenLinks[0][0] + "\\">the intro</a>')
    assert.match(planned.shared[1]!, '<a href=\\"" + globalThis.__docsgenLinks[1][0] + "\\">the setup</a>')
    assert.equal(planned.pages.get('docs/v2/guide.mdx'), { entry: 'mdx-text:1', links: { 0: ['/docs/v2/intro'], 1: ['/docs/v2/setup'] } })
    assert.equal(planned.filesOf.get('mdx-text:0'), ['docs/v1/_note.mdx', 'docs/v2/_note.mdx'])
    assert.equal(planned.filesOf.get('mdx-text:1'), ['docs/v1/guide.mdx', 'docs/v2/guide.mdx'])
  }),
)

modules('a page whose folder may find another copy of a package, or that imports a file beside it that is not a partial, has a module of its own', () =>
  withSite(async (siteDir) => {
    await mkdir(join(siteDir, 'docs', 'v2', 'node_modules'), { recursive: true })
    const component = "import Box from './Box.js'\n\n# Boxed\n\n<Box />\n"
    const parsed = parseAll({ 'docs/v1/guide.mdx': page, 'docs/v2/guide.mdx': page, 'docs/v1/_note.mdx': note, 'docs/v2/_note.mdx': note, 'docs/v1/boxed.mdx': component, 'docs/v2/boxed.mdx': component })
    const planned = planMdxModules(['docs/v1/guide.mdx', 'docs/v2/guide.mdx', 'docs/v1/boxed.mdx', 'docs/v2/boxed.mdx'], parsed, siteDir)
    assert.equal(planned.entries, ['mdx-text:1', 'mdx-page:docs/v2/guide.mdx', 'mdx-page:docs/v1/boxed.mdx', 'mdx-page:docs/v2/boxed.mdx'])
    assert.equal(planned.pages.get('docs/v2/boxed.mdx'), { entry: 'mdx-page:docs/v2/boxed.mdx' })
  }),
)

modules('a page that shows two partials of one text with other URLs, or that shows itself, has a module of its own', () =>
  withSite((siteDir) => {
    const both = "import A from './a/_note.mdx'\nimport B from './b/_note.mdx'\n\n<A />\n\n<B />\n"
    const itself = "import Me from './me.mdx'\n\n# Me\n\n<Me />\n"
    const parsed = parseAll({ 'docs/v1/both.mdx': both, 'docs/v2/both.mdx': both, 'docs/v1/a/_note.mdx': note, 'docs/v1/b/_note.mdx': note, 'docs/v2/a/_note.mdx': note, 'docs/v2/b/_note.mdx': note, 'docs/v1/me.mdx': itself, 'docs/v2/me.mdx': itself })
    const planned = planMdxModules(['docs/v1/both.mdx', 'docs/v1/me.mdx'], parsed, siteDir)
    assert.equal(planned.entries, ['mdx-page:docs/v1/both.mdx', 'mdx-page:docs/v1/me.mdx'])
  }),
)

modules.run()
