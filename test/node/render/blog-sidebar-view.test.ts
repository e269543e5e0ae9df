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

/** The sidebar, whole: its title and its lists (`list`, `year`). */
const nav = (title: string, ...lists: string[]) => `<nav class="blog-sidebar" aria-label="Blog recent posts navigation"><h2 class="blog-sidebar-title">${title}</h2>${lists.join('')}</nav>`
const list = (items: string) => `<ul class="sidebar-list">${items}</ul>`
/** A year's posts under its heading, one level below the sidebar's title. */
const year = (name: string, items: string) => `<div class="blog-sidebar-year" role="group"><h3 class="blog-sidebar-year-title">${name}</h3>${list(items)}</div>`

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
      `<div class="blog-layout"><aside class="sidebar mobile-menu" id="mobile-menu"><div class="mobile-menu-panel"><nav class="mobile-menu-links" aria-label="Menu"><ul class="navbar-mobile-items"><li class="navbar-item"><a class="navbar-link" href="/site/blog">Blog</a></li></ul></nav>${nav('Recent posts', year('2024', `${folder}${second}${item('2024/01/05/welcome', 'Welcome &lt;to&gt; the notes', true)}`))}</div></aside><main id="main-content" class="plain-page plain-main">`,
    )
    for (const file of ['blog.html', 'blog/page/2.html', 'blog/tags/news.html', 'blog/tags.html', 'blog/authors.html', 'blog/authors/ada.html', 'blog/hidden.html'])
      assert.equal(sidebarsOf(await site.read(`build/${file}`)), [nav('Recent posts', year('2024', `${folder}${second}${welcome}`))], file)
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
    assert.equal(sidebarsOf(await site.read('build/blog.html')), [nav('Latest &lt;news&gt;', year('2025', `${item('2025/01/04/day-4', 'Day 4')}${item('2025/01/03/day-3', 'Day 3')}`))])
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


/** A post of the blog-years fixture in the sidebar, the current one marked. */
const post = (path: string, label: string, current: string) =>
  `<li class="sidebar-item"><a class="${path === current ? 'sidebar-link sidebar-link--active' : 'sidebar-link'}" href="/blog/${path}"${path === current ? ' aria-current="page"' : ''}>${label}</a></li>`
const spring = (current: string) => post('2024/03/01/spring', 'Spring release', current)
const newYear = (current: string) => post('2024/01/10/new-year', 'New year', current)
const yearEnd = (current: string) => post('2023/12/30/year-end', 'Year end &lt;review&gt;', current)
const summer = (current: string) => post('2023/06/15/summer', 'Summer notes', current)
const undated = (current: string) => post('undated', 'Undated thoughts', current)

sidebar('blogSidebarGroupByYear, true by default as in Docusaurus: a heading per year, newest first, undated posts last; a private, draft or unlisted post adds no year, the gate publishing its pages or not', async () => {
  await withFixtureSite('blog-years', async (site) => {
    for (const privatePages of ['gate', 'client-only']) {
      await buildBlog(site, {}, { privatePages }, privatePages === 'client-only' ? [clientOnly] : [])
      const grouped = (current: string) =>
        nav('Recent posts', year('2024', `${spring(current)}${newYear(current)}`), year('2023', `${yearEnd(current)}${summer(current)}`), year('Undated', undated(current)))
      const shown: string[] = []
      for (const file of (await site.list('build')).filter((file) => file.endsWith('.html'))) {
        const sidebars = sidebarsOf(await site.read(`build/${file}`))
        if (sidebars.length > 0) shown.push(file)
        for (const html of sidebars) assert.is(html, grouped(file.replace(/^blog\/|\.html$/g, '')), `${privatePages}: ${file}`)
      }
      // The list pages (two posts a page), the unlisted post's page and, published, the private post's show it too, neither post in it.
      const published = privatePages === 'client-only' ? ['blog/private/2025/01/01/vault.html'] : []
      assert.equal(
        shown,
        ['blog.html', 'blog/2020/07/07/unlisted.html', 'blog/2023/06/15/summer.html', 'blog/2023/12/30/year-end.html', 'blog/2024/01/10/new-year.html', 'blog/2024/03/01/spring.html', 'blog/page/2.html', 'blog/page/3.html', ...published, 'blog/undated.html'],
        privatePages,
      )
    }
  })
})

sidebar("blogSidebarGroupByYear: false lists the posts flat; grouped, the years are those of the blogSidebarCount posts it keeps", async () => {
  await withFixtureSite('blog-years', async (site) => {
    await buildBlog(site, { blogSidebarGroupByYear: false })
    assert.equal(sidebarsOf(await site.read('build/blog/2023/12/30/year-end.html')), [
      nav('Recent posts', list(`${spring('')}${newYear('')}${yearEnd('2023/12/30/year-end')}${summer('')}${undated('')}`)),
    ])
    await buildBlog(site, { blogSidebarCount: 2 })
    assert.equal(sidebarsOf(await site.read('build/blog.html')), [nav('Recent posts', year('2024', `${spring('')}${newYear('')}`))])
  })
})

sidebar.run()
