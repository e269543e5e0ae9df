import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { shouldColor } from '../../src/cli/build-command.js'
import { main } from '../../src/cli/main.js'
import { withFixtureSite } from '../helpers/fixture-site.js'

function capture() {
  const out: string[] = []
  const err: string[] = []
  return {
    out: () => out.join(''),
    err: () => err.join(''),
    output: { stdout: (text: string) => void out.push(text), stderr: (text: string) => void err.push(text) },
  }
}

const usage = suite('cli: usage')

usage('an unknown command is a usage error (exit 2) with a suggestion', async () => {
  const io = capture()
  assert.is(await main(['biuld'], io.output), 2)
  assert.is(io.err(), "error: unknown command 'biuld'\n(Did you mean build?)\n")
})

usage('--version prints the package version and exits 0', async () => {
  const io = capture()
  assert.is(await main(['--version'], io.output), 0)
  assert.is(io.out(), '0.1.0\n')
})

usage('build --help lists the flags, examples and exit codes', async () => {
  const io = capture()
  assert.is(await main(['build', '--help'], io.output), 0)
  assert.match(io.out(), '--out-dir <dir>')
  assert.match(io.out(), '$ docsgen build docs --out-dir dist')
  assert.match(io.out(), 'Exit codes: 0 built, 1 content problems (nothing written), 2 usage or configuration errors.')
})

usage('colour follows NO_COLOR, FORCE_COLOR and the terminal', () => {
  assert.is(shouldColor({ NO_COLOR: '1', FORCE_COLOR: '1' }, true), false)
  assert.is(shouldColor({ FORCE_COLOR: '1' }, false), true)
  assert.is(shouldColor({}, true), true)
  assert.is(shouldColor({ TERM: 'dumb' }, true), false)
  assert.is(shouldColor({}, false), false)
})

const commands = suite('cli: build and check')

commands('build prints its stages, a warning and where the output is; exit 0', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const io = capture()
    assert.is(await main(['build', site.dir, '--out-dir', 'public', '--no-color'], io.output), 0)
    const text = io.out()
    assert.match(text, /✔ config {4}site\.config\.ts, 1 private rules/)
    assert.match(
      text,
      'content/pages/about.md:7:5: warning: Public page links to the private page "/docs/Private/", which most readers cannot open. Link to a public page instead, or make this page private too. [docsgen:private-link]',
    )
    assert.match(text, '✔ Built 11 pages (2 private, served only through the gate)')
    assert.match(text, `  Output:        ${join(site.dir, 'public')}\n`)
    assert.ok((await site.list('public')).includes('index.html'))
  })
})

commands('check writes nothing and exits 1 with every problem on stderr', async () => {
  await withFixtureSite('broken-links', async (site) => {
    const io = capture()
    assert.is(await main(['check', site.dir, '--no-color'], io.output), 1)
    assert.match(io.err(), 'content/docs/Guides/intro.md:5:13: error: Link "/docs/Guides/instal" matches no page.')
    assert.match(io.err(), '✖ check failed: 9 errors. Nothing was written; the previous output is untouched.')
    // The stage that found the problems is marked as failed; the stages before it passed.
    const stageMarks = io.err().split('\n').filter((line) => /^[✔✖] (config|content|manifest|validate) /.test(line)).map((line) => line.split(/\s+/).slice(0, 2).join(' '))
    assert.equal(stageMarks, ['✔ config', '✔ content', '✔ manifest', '✖ validate'])
    assert.equal(await site.list('.').then((files) => files.filter((file) => file.startsWith('build/'))), [])
  })
})

commands('check passes on a valid site and exits 0', async () => {
  await withFixtureSite('no-config', async (site) => {
    const io = capture()
    assert.is(await main(['check', site.dir, '--no-color'], io.output), 0)
    assert.match(io.out(), '✔ check passed: 4 routes, nothing written.')
  })
})

commands('without site.config.ts the config line says the defaults are used', async () => {
  await withFixtureSite('no-config', async (site) => {
    const io = capture()
    assert.is(await main(['check', site.dir, '--no-color'], io.output), 0)
    assert.match(io.out(), /✔ config {4}no site\.config\.ts: defaults, 0 private rules/)
  })
})

commands('a folder with neither content/ nor site.config.ts is no site: exit 2, saying where it looked and what it expected', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'docsgen-cli-'))
  try {
    for (const command of ['build', 'check']) {
      const io = capture()
      assert.is(await main([command, directory, '--no-color'], io.output), 2)
      assert.match(
        io.err(),
        `.: error: No content found in ${directory}: it has neither content/ nor site.config.ts. Run docsgen in the site's folder or name it (docsgen ${command} path/to/site); a site has its pages in content/docs/ (docs) and content/pages/ (pages), and its settings in site.config.ts. [docsgen:site-empty]\n`,
      )
      assert.match(io.err(), '✖ ' + command + ' failed: 1 error.')
    }
    assert.equal(await readdir(directory), [], 'nothing is written, not even a cache')
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
})

commands('a Docusaurus site folder is built as it is, what docsgen ignores said once', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'docsgen-cli-'))
  try {
    await mkdir(join(directory, 'docs'))
    await writeFile(join(directory, 'docs', 'intro.md'), '# Intro\n')
    await writeFile(join(directory, 'docusaurus.config.js'), "module.exports = { title: 'Site', projectName: 'site' }\n")
    const io = capture()
    assert.is(await main(['build', directory, '--no-color'], io.output), 0)
    const said = `docusaurus.config.js: warning: docsgen reads docusaurus.config.js as a Docusaurus site: its docs (docs/), blog (blog/), pages (src/pages/), static/ and sidebars in place; it ignores projectName. Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read). [docsgen:config-unknown-key]\n`
    const printed = io.out() + io.err()
    assert.match(printed, said)
    assert.is(printed.split(said).length, 2, 'said once')
    // trailingSlash unset: each page is written as Docusaurus writes it, page/index.html.
    assert.equal(await readdir(join(directory, 'build', 'docs', 'intro')), ['index.html'])
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
})

commands('a Docusaurus 1 site (siteConfig.js, its docs in ../docs) is named as such, with the way forward, and nothing is written', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'docsgen-cli-'))
  try {
    await mkdir(join(directory, 'static'))
    await writeFile(join(directory, 'siteConfig.js'), "module.exports = { title: 'MobX', baseUrl: '/' }\n")
    await writeFile(join(directory, 'sidebars.json'), '{"docs": {"Introduction": ["intro"]}}\n')
    const io = capture()
    assert.is(await main(['check', directory, '--no-color'], io.output), 2)
    assert.match(
      io.err(),
      `siteConfig.js: error: ${directory} is a Docusaurus 1 site (siteConfig.js), which docsgen does not read: it reads Docusaurus 2 and later (docusaurus.config.js) and VitePress sites as they are. Move the site to Docusaurus 2 or later (its migration guide keeps the docs and sidebars), or lay it out as a docsgen site (its docs in content/docs/, its settings in site.config.ts), then run docsgen check again. [docsgen:site-empty]\n`,
    )
    assert.equal((await readdir(directory)).sort(), ['sidebars.json', 'siteConfig.js', 'static'])
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
})

commands('a folder with only static/ is no site either: the message says static/ alone has no pages', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'docsgen-cli-'))
  try {
    await mkdir(join(directory, 'static'))
    await writeFile(join(directory, 'static', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    const io = capture()
    assert.is(await main(['build', directory, '--no-color'], io.output), 2)
    assert.match(
      io.err(),
      `.: error: No content found in ${directory}: it has static/ but neither content/ nor site.config.ts, and static/ alone holds no pages. Run docsgen in the site's folder or name it (docsgen build path/to/site); a site has its pages in content/docs/ (docs) and content/pages/ (pages), and its settings in site.config.ts. [docsgen:site-empty]\n`,
    )
    assert.equal(await readdir(directory), ['static'])
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
})

commands('a broken config exits 2', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'docsgen-cli-'))
  try {
    await cp(new URL('../fixtures/bad-config', import.meta.url), directory, { recursive: true })
    const io = capture()
    assert.is(await main(['build', directory, '--no-color'], io.output), 2)
    assert.match(io.err(), "Unknown key 'privatPaths' in login. Did you mean 'privatePaths'?")
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
})

commands('the output folder may not hold the private folder', async () => {
  await withFixtureSite('no-config', async (site) => {
    const io = capture()
    assert.is(await main(['build', site.dir, '--out-dir', '.docsgen', '--no-color'], io.output), 2)
    assert.match(
      io.err(),
      '.: error: The output folder ".docsgen" contains the private folder ".docsgen/private", whose pages must never be deployed. Point --out-dir and --private-dir at two separate folders, neither inside the other nor inside content/, static/, .docsgen/spare or .docsgen/cache (the defaults are build and .docsgen/private). [docsgen:config-invalid]\n',
    )
  })
})

usage.run()
commands.run()
