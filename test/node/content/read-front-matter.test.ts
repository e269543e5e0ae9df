import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse } from 'yaml'
import { build } from '../../../src/node/build.js'
import { simpleFrontMatter } from '../../../src/node/content/read-front-matter.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { checkFixture } from '../../helpers/check-fixture.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test('an alias bomb, more than 100 aliases and duplicate keys are diagnostics; one alias is fine', async () => {
  assert.equal(await checkFixture('front-matter-aliases'), {
    exitCode: 1,
    messages: [
      'content/docs/alias-bomb.md:4:8: error: Front matter aliases (`*name`) expand to more than 100 copies of what they name. Write the values out. [docsgen:front-matter-invalid]',
      'content/docs/duplicate-keys.md:4:1: error: Duplicate front matter key "title". Keep one of them. [docsgen:front-matter-invalid]',
      'content/docs/many-aliases.md:104:5: error: Front matter uses more than 100 aliases (`*name`). Write the values out. [docsgen:front-matter-invalid]',
    ],
  })
})

test('front matter in another language is reported, never run nor published; tags beyond plain values are reported', async () => {
  const yamlOnly = 'Write it as YAML (`title: My page`) after a plain `---` line. [docsgen:front-matter-invalid]'
  const plainValues = 'Front matter holds plain values (text, numbers, true or false, lists and mappings): remove the tag. [docsgen:front-matter-invalid]'
  assert.equal(await checkFixture('front-matter-engines'), {
    exitCode: 1,
    messages: [
      `content/docs/coffee.md:1:4: error: Front matter in "coffee" is not read, and never run: only YAML front matter is. ${yamlOnly}`,
      `content/docs/javascript.md:1:4: error: Front matter in "javascript" is not read, and never run: only YAML front matter is. ${yamlOnly}`,
      `content/docs/js.md:1:4: error: Front matter in "js" is not read, and never run: only YAML front matter is. ${yamlOnly}`,
      `content/docs/tags.md:2:9: error: The YAML tag "!!js/function" is not allowed in front matter. ${plainValues}`,
      `content/docs/tags.md:3:14: error: The YAML tag "!include" is not allowed in front matter. ${plainValues}`,
      `content/docs/tags.md:5:12: error: The YAML tag "!!binary" is not allowed in front matter. ${plainValues}`,
    ],
  })
})

test('front matter nested deeper than 64 levels, longer than 512 KiB, or broken at the token level: one diagnostic each', async () => {
  await withFixtureSite('front-matter-nesting', async (site) => {
    await writeFile(join(site.dir, 'content/docs/long.md'), `---\n${'key: value\n'.repeat(50_000)}---\n\nFront matter of 549 999 characters (the last line break is the fence's).\n`)
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'content/docs/broken.md:3:2: error: Invalid front matter: Unexpected map-value-ind token in YAML stream. [docsgen:front-matter-invalid]',
      'content/docs/explicit-keys.md:2:131: error: Front matter is nested more than 64 levels deep. Front matter holds a few plain values; flatten it. [docsgen:front-matter-invalid]',
      'content/docs/fine.md:2:8: error: Front matter "title" must be a text, got a list. [docsgen:front-matter-invalid]',
      'content/docs/flow.md:2:72: error: Front matter is nested more than 64 levels deep. Front matter holds a few plain values; flatten it. [docsgen:front-matter-invalid]',
      'content/docs/long.md:2:1: error: Front matter is 549999 characters long; it may be at most 524288. Keep a few keys in front matter; move data out of the page. [docsgen:front-matter-invalid]',
    ])
  })
})

test('`---yaml` front matter is YAML, read as such', async () => {
  await withFixtureSite('front-matter-engines', async (site) => {
    for (const file of ['coffee.md', 'javascript.md', 'js.md', 'tags.md']) await rm(join(site.dir, 'content/docs', file))
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    assert.match(await site.read('build/docs/named-yaml.html'), '<title>YAML, named')
  })
})

test('front matter of plain lines is read without the YAML library as the library reads it; the rest is left to the library', () => {
  const read = [
    'title: "Debugging translation workflow"\nsidebar_position: 2',
    "title: 'It is \"quoted\"'\ndescription: A plain text, with (some) punctuation; and more. Ok?\nsidebar_label: Don't panic",
    'draft: true\nunlisted: false\nhide_title: true\ntoc_min_heading_level: 3\nconstructor: x',
    'title: Übersicht der Straße\nsidebar_position: -12\nid: 0',
    'title: "  spaced  out  "\nslug: a  b',
    'title: anchor &a, x (y) & z+w ?b',
  ]
  for (const yaml of read) {
    const simple = simpleFrontMatter(yaml)
    assert.ok(simple, yaml)
    assert.equal(simple, parse(yaml), yaml)
  }
  const left = [
    'title: null', 'title: True', 'title: FALSE', 'title: ~', 'sidebar_position: 1.5', 'sidebar_position: 007', 'date: 2024-01-05',
    'title: a # comment', 'title: a: b', 'title: "esc\\"aped"', "title: 'it''s'", 'title: trailing ', 'title:', 'title:  two spaces',
    'title: x\ntitle: y', 'keywords: [a, b]', 'tags:\n  - a', '  title: indented', 'Title: capital key', '__proto__: x', '',
    'title: "tab\there"', 'title: x\r', 'title: \u00a0nbsp', 'title: line\u2028separator', 'title: !!str x',
  ]
  for (const yaml of left) assert.is(simpleFrontMatter(yaml), undefined, JSON.stringify(yaml))
})

test("a post's date is read as Docusaurus reads it (js-yaml, then Joi.date()): a one-digit day, a time in UTC or at its zone, a no-break space before it; a day that is none is still a mistake", async () => {
  await withFixtureSite('blog-yaml-dates', async (site) => {
    const typo = await build({ siteDir: site.dir, write: false })
    assert.equal(typo.diagnostics.map(formatDiagnostic), ['content/blog/typo.md:3:7: error: Front matter "date" names no day of the calendar, got "2024-02-30": 2024-02 has 29 days. Write the post\'s real date. [docsgen:front-matter-invalid]'])
    await rm(join(site.dir, 'content/blog/typo.md'))
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    const time = async (post: string) => /<time [^>]*>[^<]*<\/time>/.exec(await site.read(`build/blog/${post}.html`))?.[0]
    assert.is(await time('doctor'), '<time datetime="2015-11-03T10:30:00.000Z">November 3, 2015</time>')
    assert.is(await time('planning'), '<time datetime="2017-09-12T10:00:00.000Z">September 12, 2017</time>')
    assert.is(await time('release'), '<time datetime="2018-08-27T23:00:00.000Z">August 27, 2018</time>')
  })
})

test.run()
