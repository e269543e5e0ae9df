/**
 * The blog as Docusaurus reads `content/blog` (issue 11 item 7): dated file and folder names,
 * front matter (title, date, authors by key or written out, tags, slug, unlisted), truncation,
 * list pages newest first, tag pages, newer/older posts, feeds, links checked like docs', and a
 * private post kept out of every deployable file.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { postDateFromFile, postSlug } from '../../../src/node/content/blog-post-route.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { crawlOutput } from '../../helpers/crawl-output.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const blog = suite('blog')

const mainOf = (html: string) => /<main[^]*<\/main>/.exec(html.replace(/\n/g, ' '))![0]

blog('post routes as Docusaurus gives them: the date path of a dated file or folder, else the name; front matter slug under the blog', () => {
  assert.equal(
    ['2024-01-05-welcome.md', '2024-01-05-welcome/index.mdx', 'team/2024-01-05-welcome.md', 'notes.md', 'notes/index.md', '2024-01-05.md'].map((file) => postSlug(file, undefined)),
    ['/2024/01/05/welcome', '/2024/01/05/welcome', '/team/2024/01/05/welcome', '/notes', '/notes', '/2024/01/05'],
  )
  assert.equal([postSlug('2024-01-05-welcome.md', 'hello'), postSlug('2024-01-05-welcome.md', '/a/b')], ['/hello', '/a/b'])
  assert.equal([postDateFromFile('2024-01-05-welcome.md'), postDateFromFile('notes.md'), postDateFromFile('2024-13-45-no-such-day.md')], ['2024-01-05T00:00:00.000Z', undefined, undefined])
})

blog('the routes: posts, list pages of two, tags of public listed posts only', async () => {
  await withFixtureSite('blog', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    assert.equal(
      result.manifest!.routes.filter((route) => route.path.startsWith('/blog')).map((route) => `${route.kind} ${route.path}${route.access.private ? ' (private)' : ''} ${(route.items ?? []).join(' ')}`.trim()),
      [
        'blog /blog /blog/in-a-folder /blog/2024/02/01/second',
        'post /blog/2024/01/05/welcome',
        'post /blog/2024/02/01/second',
        // The archive lists every public, listed post, newest first.
        'blog /blog/archive /blog/in-a-folder /blog/2024/02/01/second /blog/2024/01/05/welcome',
        // An author with `page: true` in authors.yml has a page of their posts; /blog/authors lists such authors.
        'tags /blog/authors /blog/authors/ada',
        'blog /blog/authors/ada /blog/2024/01/05/welcome',
        'post /blog/hidden',
        'post /blog/in-a-folder',
        'blog /blog/page/2 /blog/2024/01/05/welcome',
        'post /blog/private/2024/04/01/staff-only (private)',
        // Neither the unlisted post's tag nor the private post's makes a page.
        'tags /blog/tags /blog/tags/news /blog/tags/release',
        'blog /blog/tags/news /blog/2024/02/01/second /blog/2024/01/05/welcome',
        'blog /blog/tags/release /blog/2024/01/05/welcome',
      ],
    )
    assert.equal(crawlOutput({ outDir: join(site.dir, 'build'), baseUrl: '/site/', privateDir: join(site.dir, '.docsgen/private') }).broken, [])
    assert.match(await site.read('build/blog/authors/ada.html'), '<h2><a href="/site/blog/2024/01/05/welcome">Welcome &lt;to&gt; the notes</a></h2>')
    assert.match(await site.read('build/blog/authors.html'), '<a class="category-card category-card--category" href="/site/blog/authors/ada"><span class="category-card-title">Ada Lovelace</span><span class="category-card-count">1 item</span></a>')
    const archive = await site.read('build/blog/archive.html')
    assert.match(
      archive,
      '<section class="blog-archive-year"><h2>2024</h2><ul><li><time datetime="2024-03-12T00:00:00.000Z">March 12</time> – <a href="/site/blog/in-a-folder">A post in a folder</a></li><li><time datetime="2024-02-01T00:00:00.000Z">February 1</time> – <a href="/site/blog/2024/02/01/second">Second post</a></li><li><time datetime="2024-01-05T00:00:00.000Z">January 5</time> – <a href="/site/blog/2024/01/05/welcome">Welcome &lt;to&gt; the notes</a></li></ul></section>',
    )
  })
})

blog('trailingSlash: true: every blog route ends with "/", and every link the blog writes reaches a page', async () => {
  await withFixtureSite('blog', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    await writeFile(config, (await readFile(config, 'utf8')).replace("blog: { postsPerPage: 2 },", "blog: { postsPerPage: 2 }, trailingSlash: true,"))
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    assert.equal(result.manifest!.routes.filter((route) => route.path.startsWith('/blog') && !route.path.endsWith('/')), [])
    assert.match(await site.read('build/blog/tags/news/index.html'), '<a href="/site/blog/tags/">View all tags</a>')
    assert.equal(crawlOutput({ outDir: join(site.dir, 'build'), baseUrl: '/site/', privateDir: join(site.dir, '.docsgen/private') }).broken, [])
  })
})

blog('a post page: date, reading time, authors from authors.yml, the whole post, tags, the newer post', async () => {
  await withFixtureSite('blog', async (site) => {
    await build({ siteDir: site.dir })
    const welcome = await site.read('build/blog/2024/01/05/welcome.html')
    assert.is(
      mainOf(welcome),
      '<main id="main-content" class="plain-page plain-main"><article class="markdown"><h1>Welcome &lt;to&gt; the notes</h1><div class="markdown-body"><div class="blog-post-meta"><time datetime="2024-01-05T00:00:00.000Z">January 5, 2024</time> · <span class="blog-reading-time">1 min read</span></div><ul class="blog-authors"><li class="blog-author"><img class="blog-author-image" src="https://ada.example/ada.png" alt="Ada Lovelace" width="40" height="40" loading="lazy"><span class="blog-author-name"><a href="/site/blog/authors/ada">Ada Lovelace</a></span><small>Analyst &amp; engine whisperer</small></li></ul><p>The first paragraph, shown in the list.</p>  <h2 id="first-steps">First steps<a class="hash-link" href="#first-steps" aria-label="Direct link to First steps">#</a></h2> <p>Only on the post\'s page: see <a href="/site/docs/intro">the intro</a>.</p><div class="tag-list"><span class="tag-list-label">Tags:</span><ul><li><a class="tag" href="/site/blog/tags/news">news</a></li><li><a class="tag" href="/site/blog/tags/release">release</a></li></ul></div><nav class="blog-nav" aria-label="Blog post page navigation"><a class="blog-nav-prev" rel="prev" href="/site/blog/2024/02/01/second"><span class="blog-nav-label">Newer post</span> Second post</a></nav></div></article></main>',
    )
    assert.match(welcome, '<link rel="alternate" type="application/rss+xml" href="/site/blog/rss.xml" title="Field Notes Blog">\n<link rel="alternate" type="application/atom+xml" href="/site/blog/atom.xml" title="Field Notes Blog">')
    assert.not.match(await site.read('build/docs/intro.html'), 'rel="alternate"')
  })
})

blog('list pages: newest first, the excerpt before the truncate marker with "Read more", older and newer entries', async () => {
  await withFixtureSite('blog', async (site) => {
    await build({ siteDir: site.dir })
    const first = mainOf(await site.read('build/blog.html'))
    assert.ok(first.indexOf('A post in a folder') < first.indexOf('Second post'))
    assert.match(first, '<time datetime="2024-03-12T00:00:00.000Z">March 12, 2024</time>')
    assert.match(first, '<nav class="blog-nav" aria-label="Blog list page navigation"><a class="blog-nav-next" rel="next" href="/site/blog/page/2">Older entries</a></nav>')
    assert.not.match(first, 'Hidden post')
    const second = mainOf(await site.read('build/blog/page/2.html'))
    assert.match(
      second,
      '<div class="markdown-body"><p>The first paragraph, shown in the list.</p></div><p class="blog-read-more"><a href="/site/blog/2024/01/05/welcome" aria-label="Read more about Welcome &lt;to&gt; the notes">Read more</a></p>',
    )
    assert.not.match(second, 'First steps')
    assert.match(second, '<a class="blog-nav-prev" rel="prev" href="/site/blog">Newer entries</a>')
    assert.match(await site.read('build/blog/tags/news.html'), '<h1>2 posts tagged with &quot;news&quot;</h1>')
  })
})

blog('an MDX post is cut at {/* truncate */} too, the marker gone from its page', async () => {
  await withFixtureSite('blog', async (site) => {
    await writeFile(join(site.dir, 'content/blog/2024-05-01-mdx.mdx'), '---\ntitle: An MDX post\n---\n\nexport const answer = 42\n\nThe answer is {answer}.\n\n{/* truncate */}\n\nThe rest.\n')
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    assert.match(mainOf(await site.read('build/blog/2024/05/01/mdx.html')), '<p>The answer is 42.</p>  <p>The rest.</p>')
    assert.match(
      mainOf(await site.read('build/blog.html')),
      '<div class="markdown-body"><p>The answer is 42.</p> </div><p class="blog-read-more"><a href="/site/blog/2024/05/01/mdx" aria-label="Read more about An MDX post">Read more</a></p>',
    )
  })
})

blog('a draft post: left out of the build and its lists, built with drafts', async () => {
  await withFixtureSite('blog', async (site) => {
    await writeFile(join(site.dir, 'content/blog/2024-06-01-draft.md'), '---\ntitle: Not yet\ndraft: true\n---\n\nSoon.\n')
    const routes = async (drafts: boolean) => (await build({ siteDir: site.dir, drafts, write: false })).manifest!.routes.filter((route) => route.path === '/blog/2024/06/01/draft' || route.items?.includes('/blog/2024/06/01/draft')).map((route) => route.path)
    assert.equal(await routes(false), [])
    assert.equal(await routes(true), ['/blog', '/blog/2024/06/01/draft', '/blog/archive'])
  })
})

blog('feeds: RSS 2.0 and Atom of public listed posts, absolute URLs, escaped', async () => {
  await withFixtureSite('blog', async (site) => {
    await build({ siteDir: site.dir })
    const rss = await site.read('build/blog/rss.xml')
    assert.is(rss.split('<item>').length - 1, 3)
    assert.match(
      rss,
      '<item>\n<title>Welcome &lt;to&gt; the notes</title>\n<link>https://notes.example/site/blog/2024/01/05/welcome</link>\n<guid isPermaLink="true">https://notes.example/site/blog/2024/01/05/welcome</guid>\n<pubDate>Fri, 05 Jan 2024 00:00:00 GMT</pubDate>\n<description>The first post.</description>\n<content:encoded>&lt;p&gt;The first paragraph, shown in the list.&lt;/p&gt;\n\n&lt;h2 id=&quot;first-steps&quot;&gt;First steps&lt;a class=&quot;hash-link&quot; href=&quot;#first-steps&quot; aria-label=&quot;Direct link to First steps&quot;&gt;#&lt;/a&gt;&lt;/h2&gt;\n&lt;p&gt;Only on the post&apos;s page: see &lt;a href=&quot;https://notes.example/site/docs/intro&quot;&gt;the intro&lt;/a&gt;.&lt;/p&gt;</content:encoded>\n<dc:creator>Ada Lovelace</dc:creator>\n<category>news</category>\n<category>release</category>\n</item>',
    )
    assert.match(rss, '<content:encoded>&lt;p&gt;A second post, &lt;a href=&quot;https://notes.example/site/blog/2024/01/05/welcome&quot;&gt;back to the first&lt;/a&gt;.&lt;/p&gt;</content:encoded>')
    // The whole post, as Docusaurus's feeds carry it, not only what the list shows.
    assert.match(rss, '&lt;h2 id=&quot;first-steps&quot;&gt;First steps')
    const atom = await site.read('build/blog/atom.xml')
    assert.match(atom, '&lt;h2 id=&quot;first-steps&quot;&gt;First steps')
    assert.match(
      atom,
      '<feed xmlns="http://www.w3.org/2005/Atom">\n<id>https://notes.example/site/blog</id>\n<title>Field Notes Blog</title>\n<updated>2024-03-12T00:00:00.000Z</updated>\n<link rel="alternate" href="https://notes.example/site/blog"/>\n<link rel="self" href="https://notes.example/site/blog/atom.xml"/>\n<subtitle>Field Notes Blog</subtitle>\n<entry>\n<title type="html">A post in a folder</title>',
    )
    assert.is(atom.split('<entry>').length - 1, 3)
    for (const feed of [rss, atom]) assert.not.match(feed, /Hidden post|ZEBRAQUARTZ/i)
  })
})

blog('a private post: built for the gate only; its title, body, tag and path in no deployable file', async () => {
  await withFixtureSite('blog', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 0)
    const files = await site.list('build')
    let searchText = ''
    for (const file of files) {
      const text = (await readFile(join(site.dir, 'build', file))).toString('latin1')
      if (file.includes('/search/')) searchText += text
      assert.not.ok(/zebraquartz|staff-only/i.test(text), `${file} holds the private post`)
      assert.not.ok(/zebraquartz|staff-only/i.test(file), `${file} is named after the private post`)
    }
    // The index was read: the public posts are in it.
    assert.match(searchText, 'shown in the list')
    assert.not.match(await site.read('build/sitemap.xml'), '/blog/private')
    const privateFiles = await readdir(join(site.dir, '.docsgen/private/_docsgen/data/blog/private/2024/04/01'))
    assert.equal(privateFiles, ['staff-only.json'])
    assert.match(await site.read('.docsgen/private/_docsgen/data/blog/private/2024/04/01/staff-only.json'), 'The plan ZEBRAQUARTZ is for staff.')
  })
})

blog('mistakes: unknown author, a date that is none, broken links and anchors, a slug that climbs out, authors.yml problems', async () => {
  await withFixtureSite('blog-mistakes', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'content/blog/2024-01-05-broken.md:3:16: error: Front matter "authors" names "grace", which content/blog/authors.yml does not have. Add "grace" to content/blog/authors.yml (with a name), or write the author out: `authors: [{ name: Ada Lovelace }]`. [docsgen:front-matter-invalid]',
      'content/blog/2024-01-05-broken.md:4:7: error: Front matter "date" must be a date such as 2024-01-05, got "next tuesday". [docsgen:front-matter-invalid]',
      'content/blog/2024-01-05-broken.md:7:3: error: Link "/blog/nope" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
      'content/blog/2024-01-05-broken.md:7:33: error: Link "./2024-02-02-fine.md#nowhere" points to "#nowhere", which is not a heading on "/blog/2024/02/02/fine". Headings on that page: #fine, #real-heading. [docsgen:missing-anchor]',
      'content/blog/2024-01-05-broken.md:7:85: error: Link "./gone.md" names a file that does not exist (resolved as "content/blog/gone.md"). Check the file name; links to .md files are relative to the linking file. [docsgen:missing-file]',
      'content/blog/2024-03-03-bad-slug.md:2:7: error: Front matter "slug" would put the page at "/blog/../../escape", which has the part "..", which climbs out of its folder. Write a slug of plain names, such as "welcome" (under the blog\'s route). [docsgen:front-matter-invalid]',
      'content/blog/authors.yml:3:8: error: "ada.url" must be an http(s) URL or a site path, got "javascript:alert(1)". Write a URL such as "https://example.org/ada" or a path such as "/img/ada.png". [docsgen:blog-authors-invalid]',
      'content/blog/authors.yml:5:3: error: "nobody" must have a "name" or an "image_url". Write `name: Ada Lovelace`. [docsgen:blog-authors-invalid]',
    ])
  })
})

blog("tags named by a key of the blog's tags.yml get its label and page name, as Docusaurus's predefined tags; other tags stay as written; a bad tags.yml is a diagnostic", async () => {
  await withFixtureSite('blog', async (site) => {
    await writeFile(join(site.dir, 'content/blog/tags.yml'), 'news:\n  label: News & Updates\n  permalink: /updates\n  description: What changed\nrelease:\n')
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [])
    const welcome = await site.read('build/blog/2024/01/05/welcome.html')
    assert.match(welcome, '<ul><li><a class="tag" href="/site/blog/tags/updates">News &amp; Updates</a></li><li><a class="tag" href="/site/blog/tags/release">release</a></li></ul>')
    assert.match(await site.read('build/blog/tags/updates.html'), '<h1>2 posts tagged with &quot;News &amp; Updates&quot;</h1>')
    assert.not.ok(existsSync(join(site.dir, 'build/blog/tags/news.html')))
    await writeFile(join(site.dir, 'content/blog/tags.yml'), 'news:\n  label: [News]\n')
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic), [
      'content/blog/tags.yml:2:10: error: "news.label" must be a text, got a list. [docsgen:tags-invalid]',
    ])
  })
})

blog("blogTitle and blogDescription are the list pages' title and description, as Docusaurus's", async () => {
  await withFixtureSite('blog', async (site) => {
    assert.equal((await build({ siteDir: site.dir, configOverrides: { blog: { blogTitle: 'Notes from the field', blogDescription: 'What we learned' } } })).diagnostics.map(formatDiagnostic), [])
    const list = await site.read('build/blog.html')
    assert.match(list, '<title>Notes from the field | Field Notes</title>')
    assert.match(list, '<meta name="description" content="What we learned">')
  })
})

blog("an author's socials are links under the name: a handle on its platform's host, a full URL as written; a handle where a URL is needed, or a script URL, is an error", async () => {
  await withFixtureSite('blog', async (site) => {
    const authors = join(site.dir, 'content/blog/authors.yml')
    const socials = '  socials:\n    github: ada-l\n    x: "@ada"\n    mastodon: https://mastodon.example/@ada\n'
    await writeFile(authors, (await readFile(authors, 'utf8')).replace('  page: true\n', `  page: true\n${socials}`))
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [])
    assert.match(
      await site.read('build/blog/2024/01/05/welcome.html'),
      '<small>Analyst &amp; engine whisperer</small><span class="blog-author-socials"><a href="https://github.com/ada-l" target="_blank" rel="noopener noreferrer">GitHub</a> <a href="https://x.com/ada" target="_blank" rel="noopener noreferrer">X</a> <a href="https://mastodon.example/@ada" target="_blank" rel="noopener noreferrer">Mastodon</a></span></li>',
    )
    await writeFile(authors, (await readFile(authors, 'utf8')).replace('mastodon: https://mastodon.example/@ada', 'mastodon: ada').replace('github: ada-l', 'github: javascript:alert(1)'))
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic), [
      'content/blog/authors.yml:8:13: error: "ada.socials.github" must be a handle or an http(s) URL, got "javascript:alert(1)". Write a handle (github: ada) or a full URL (mastodon: https://mastodon.social/@ada). [docsgen:blog-authors-invalid]',
      'content/blog/authors.yml:10:15: error: "ada.socials.mastodon" must be an http(s) URL for "mastodon", got "ada". Write a handle (github: ada) or a full URL (mastodon: https://mastodon.social/@ada). [docsgen:blog-authors-invalid]',
    ])
  })
})

blog.run()
