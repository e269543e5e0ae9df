/**
 * The blog's sidebar of recent posts, as Docusaurus's: beside posts, list, tag and author pages
 * (not the archive, not the docs), the newest `blogSidebarCount` public, listed posts under
 * `blogSidebarTitle`, the current one marked; the mobile menu's panel on narrow screens.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'

const sidebar = suite('blog sidebar')

/** The blog sidebars a page holds, whole. */
const sidebarsOf = (html: string) => html.match(/<nav class="blog-sidebar"[^]*?<\/nav>/g) ?? []

const item = (href: string, label: string, current = false) =>
  `<li class="sidebar-item"><a class="${current ? 'sidebar-link sidebar-link--active' : 'sidebar-link'}" href="/site/blog/${href}"${current ? ' aria-current="page"' : ''}>${label}</a></li>`

const folder = item('in-a-folder', 'A post in a folder')
const second = item('2024/02/01/second', 'Second post')
const welcome = item('2024/01/05/welcome', 'Welcome &lt;to&gt; the notes')

const nav = (title: string, items: string) => `<nav class="blog-sidebar" aria-label="Blog recent posts navigation"><h2 class="blog-sidebar-title">${title}</h2><ul class="sidebar-list">${items}</ul></nav>`

/** Builds the blog fixture with these blog options (and other settings), asserting the diagnostics. */
async function buildBlog(site: FixtureSite, blog?: Record<string, unknown>, more: Record<string, unknown> = {}, diagnostics: string[] = []): Promise<void> {
  const result = await build({ siteDir: site.dir, ...(blog ? { configOverrides: { blog: { postsPerPage: 2, ...blog }, ...more } } : {}) })
  assert.equal(result.diagnostics.map(formatDiagnostic), diagnostics)
}

const clientOnly =
  "site.config.ts: warning: privatePages is 'client-only': private pages are written to the public output and only hidden in the browser, so anyone can read them. Remove privatePages to serve them only to readers who sign in (the default, 'gate'), or set it to 'exclude' to leave them out. [docsgen:private-pages-public]"

sidebar('posts, list pages, tag and author pages show the recent posts newest first, the current one marked; the archive and the docs do not', async () => {
  await withFixtureSite('blog', async (site) => {
    await buildBlog(site)
    const page = await site.read('build/blog/2024/01/05/welcome.html')
    // The column before the post's main, in the menu that is the sidebar column on wide screens.
    assert.match(
      page,
      `<div class="blog-layout"><aside class="sidebar mobile-menu" id="mobile-menu"><div class="mobile-menu-panel"><nav class="mobile-menu-links" aria-label="Menu"><ul class="navbar-mobile-items"><li class="navbar-item"><a class="navbar-link" href="/site/blog">Blog</a></li></ul></nav>${nav('Recent posts', `${folder}${second}${item('2024/01/05/welcome', 'Welcome &lt;to&gt; the notes', true)}`)}</div></aside><main id="main-content" class="plain-page plain-main">`,
    )
    for (const file of ['blog.html', 'blog/page/2.html', 'blog/tags/news.html', 'blog/tags.html', 'blog/authors.html', 'blog/authors/ada.html', 'blog/hidden.html'])
      assert.equal(sidebarsOf(await site.read(`build/${file}`)), [nav('Recent posts', `${folder}${second}${welcome}`)], file)
    assert.equal(sidebarsOf(await site.read('build/blog/archive.html')), [])
    assert.equal(sidebarsOf(await site.read('build/docs/intro.html')), [])
  })
})

sidebar("blogSidebarCount: 5 by default, 'ALL' every post, a number that many, 0 none; blogSidebarTitle its heading", async () => {
  await withFixtureSite('blog', async (site) => {
    for (const day of [1, 2, 3, 4]) await writeFile(join(site.dir, `content/blog/2025-01-0${day}-day-${day}.md`), `---\ntitle: Day ${day}\n---\n\nText.\n`)
    const titles = async () => [...(sidebarsOf(await site.read('build/blog/in-a-folder.html'))[0] ?? '').matchAll(/">([^<]*)<\/a>/g)].map((match) => match[1])
    await buildBlog(site)
    assert.equal(await titles(), ['Day 4', 'Day 3', 'Day 2', 'Day 1', 'A post in a folder'])
    await buildBlog(site, { blogSidebarCount: 'ALL' })
    assert.equal(await titles(), ['Day 4', 'Day 3', 'Day 2', 'Day 1', 'A post in a folder', 'Second post', 'Welcome &lt;to&gt; the notes'])
    await buildBlog(site, { blogSidebarCount: 2, blogSidebarTitle: 'Latest <news>' })
    assert.equal(sidebarsOf(await site.read('build/blog.html')), [nav('Latest &lt;news&gt;', `${item('2025/01/04/day-4', 'Day 4')}${item('2025/01/03/day-3', 'Day 3')}`)])
    await buildBlog(site, { blogSidebarCount: 0 })
    const post = await site.read('build/blog/in-a-folder.html')
    assert.equal(sidebarsOf(post), [])
    assert.not.match(post, 'blog-layout')
    assert.match(post, '<div class="mobile-menu" id="mobile-menu">')
  })
})

sidebar('a private post (the newest), an unlisted one and a draft are in no sidebar of any public file, the gate publishing its pages or not', async () => {
  await withFixtureSite('blog', async (site) => {
    await writeFile(join(site.dir, 'content/blog/2024-06-01-draft.md'), '---\ntitle: Draft DRAFTQUOLL\ndraft: true\n---\n\nSoon.\n')
    for (const privatePages of ['gate', 'client-only']) {
      await buildBlog(site, { blogSidebarCount: 'ALL' }, { privatePages }, privatePages === 'client-only' ? [clientOnly] : [])
      const shown: string[] = []
      for (const file of await site.list('build')) {
        for (const nav of sidebarsOf(await site.read(`build/${file}`))) {
          shown.push(file)
          assert.not.ok(/zebraquartz|staff-only|hidden|draft/i.test(nav), `${privatePages}: ${file}'s sidebar lists a post it may not: ${nav}`)
          assert.is(nav.split('<li').length - 1, 3, `${privatePages}: ${file}`)
        }
      }
      // Published, the private post's own page shows the public posts only.
      const published = privatePages === 'client-only' ? ['blog/private/2024/04/01/staff-only.html'] : []
      assert.equal(
        shown.filter((file) => file.endsWith('.html')).sort(),
        ['blog.html', 'blog/2024/01/05/welcome.html', 'blog/2024/02/01/second.html', 'blog/authors.html', 'blog/authors/ada.html', 'blog/hidden.html', 'blog/in-a-folder.html', 'blog/page/2.html', ...published, 'blog/tags.html', 'blog/tags/news.html', 'blog/tags/release.html'].sort(),
        privatePages,
      )
    }
  })
})

sidebar.run()
