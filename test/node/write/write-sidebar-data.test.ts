import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'

/** The top-level rows of the sidebar list in some markup: a link's text, a closed list's `N more`. */
function topRows(html: string): string[] {
  const list = html.slice(html.indexOf('<ul class="sidebar-list">'))
  const rows: string[] = []
  let depth = 0
  for (const [, tag, text] of list.matchAll(/<(\/?ul|li[^>]*>(?:<a[^>]*>|<span[^>]*>)([^<]*))/g)) {
    if (tag!.startsWith('ul')) depth += 1
    else if (tag === '/ul') depth -= 1
    else if (depth === 1) rows.push(text!)
    if (depth === 0) break
  }
  return rows
}

const topics = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `Topic ${String(from + index).padStart(2, '0')}`).filter((label) => label !== 'Topic 30')

async function builtSite(site: FixtureSite): Promise<void> {
  const result = await build({ siteDir: site.dir })
  assert.is(result.exitCode, 0, result.diagnostics.map(formatDiagnostic).join('\n'))
}

test('a page draws a long list only around its own item; the rest is one row that links to a page listing it whole', async () => {
  await withFixtureSite('long-sidebar', async (site) => {
    await builtSite(site)
    // Topic 30 is private: the public list has 54 topics and Reference, so Topic 25 is its 24th item (block 1: items 20–39).
    assert.equal(topRows(await site.read('build/docs/topic-25.html')), ['10 more', ...topics(11, 51), '5 more'])
    assert.equal(topRows(await site.read('build/docs/topic-02.html')), [...topics(1, 31), '25 more'])
    const entry = await site.read('build/docs/Reference/entry-45.html')
    assert.equal(topRows(entry), ['30 more', ...topics(32, 55), 'Reference'])
    assert.equal(topRows(entry.slice(entry.indexOf('data-place="54"'))), ['30 more', ...Array.from({ length: 30 }, (_, index) => `Entry ${index + 31}`)])
    assert.match(entry, '<li class="sidebar-item sidebar-more" data-list="54" data-start="0" data-end="30"><a class="sidebar-link sidebar-more-link" href="/_docsgen/sidebar/54.html">30 more</a></li>')
    // Page data names the branch's list, which is the page's list: as small.
    const data = JSON.parse(await site.read('build/_docsgen/data/docs/topic-25.json')) as { sidebar: string }
    assert.equal(topRows(JSON.parse(await site.read(`build/${data.sidebar}`)).html), ['10 more', ...topics(11, 51), '5 more'])
  })
})

test('each long list is published whole once, as data and as a page without scripts, with no private entry', async () => {
  await withFixtureSite('long-sidebar', async (site) => {
    await builtSite(site)
    const top = JSON.parse(await site.read('build/_docsgen/sidebar/top.json')) as { format: number; html: string }
    assert.equal(topRows(top.html), [...topics(1, 55), 'Reference'])
    const page = await site.read('build/_docsgen/sidebar/top.html')
    assert.equal(topRows(page.slice(page.indexOf('<nav class="sidebar-nav"'))), [...topics(1, 55), 'Reference'])
    assert.not.match(page, '<script src=')
    assert.match(page, '<title>Documentation | Long Docs</title>')
    const reference = JSON.parse(await site.read('build/_docsgen/sidebar/54.json')) as { html: string }
    assert.is(topRows(reference.html).length, 60)
    for (const file of await site.list('build')) assert.not.match(await site.read(`build/${file}`), /MARKER/, file)
  })
})

test.run()
