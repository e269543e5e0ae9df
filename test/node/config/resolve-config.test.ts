import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { resolveConfig } from '../../../src/node/config/resolve-config.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'

const problems = (value: unknown, source = '') => resolveConfig(value, 'site.config.ts', source).diagnostics.map(formatDiagnostic)

test("login settings get spec 000 §9's defaults", () => {
  const { config } = resolveConfig({ title: 'T', login: { orgID: 'org' } }, 'site.config.ts', '')
  assert.equal(config?.login, {
    orgID: 'org',
    forceLogin: false,
    baseURL: 'https://api.slashid.com',
    sdkURL: 'https://cdn.slashid.com/sdk.html',
    uxMode: 'redirect',
    privateRedirectPath: '/',
    privatePaths: [],
    formConfiguration: { factors: [{ method: 'email_link', options: {}, label: undefined }], logo: undefined, storeLastHandle: true, text: {}, defaultCountryCode: 'US' },
    oidcClientID: undefined,
    oidcProvider: undefined,
  })
})

test('site defaults: English, broken links and anchors throw, ToC 2–3, light mode, dark footer', () => {
  const { config } = resolveConfig({ title: 'T' }, 'site.config.ts', '')
  assert.equal(config?.i18n, { defaultLocale: 'en', locales: ['en'] })
  assert.is(config?.onBrokenLinks, 'throw')
  assert.is(config?.onBrokenAnchors, 'throw')
  assert.equal(config?.tableOfContents, { minHeadingLevel: 2, maxHeadingLevel: 3 })
  assert.equal(config?.colorMode, { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false })
  assert.is(config?.footer.style, 'dark')
  assert.is(config?.docs.routeBasePath, '/docs')
  assert.is(config?.docs.versionLabel, 'Next')
  assert.is(config?.privatePages, 'gate')
  assert.ok(Object.isFrozen(config?.login ?? config))
})

test('onBrokenMarkdownLinks follows onBrokenLinks unless set, to one of its three values', () => {
  assert.is(resolveConfig({ title: 'T' }, 'site.config.ts', '').config?.onBrokenMarkdownLinks, 'throw')
  assert.is(resolveConfig({ title: 'T', onBrokenLinks: 'warn' }, 'site.config.ts', '').config?.onBrokenMarkdownLinks, 'warn')
  assert.is(resolveConfig({ title: 'T', onBrokenLinks: 'warn', onBrokenMarkdownLinks: 'ignore' }, 'site.config.ts', '').config?.onBrokenMarkdownLinks, 'ignore')
  const { diagnostics } = resolveConfig({ title: 'T', onBrokenMarkdownLinks: 'wran' }, 'site.config.ts', "export default { title: 'T', onBrokenMarkdownLinks: 'wran' }")
  assert.equal(diagnostics.map(formatDiagnostic), [
    "site.config.ts:1:30: error: \"onBrokenMarkdownLinks\" must be one of 'throw', 'warn', 'ignore', got 'wran'. Did you mean 'warn'? [docsgen:config-invalid]",
  ])
})

test("privatePages is 'gate', 'exclude' or 'client-only'", () => {
  for (const mode of ['gate', 'exclude', 'client-only'] as const) assert.is(resolveConfig({ title: 'T', privatePages: mode }, 'site.config.ts', '').config?.privatePages, mode)
  const { diagnostics } = resolveConfig({ title: 'T', privatePages: 'public' }, 'site.config.ts', "export default { title: 'T', privatePages: 'public' }")
  assert.equal(diagnostics.map(formatDiagnostic), [
    "site.config.ts:1:30: error: \"privatePages\" must be one of 'gate', 'exclude', 'client-only', got 'public'. [docsgen:config-invalid]",
  ])
})

test('an external provider in the legacy pair becomes a second factor in a popup (spec 000 §6)', () => {
  const { config } = resolveConfig({ title: 'T', login: { orgID: 'o', oidcClientID: 'client', oidcProvider: 'google' } }, 'site.config.ts', '')
  assert.equal(config?.login?.formConfiguration.factors.map((factor) => [factor.method, factor.options]), [
    ['email_link', {}],
    ['oidc', { client_id: 'client', provider: 'google', ux_mode: 'popup' }],
  ])
})

test('every problem is reported with the key path, located in the source when possible', () => {
  const source = "export default {\n  title: 'T',\n  login: { orgID: '', uxMode: 'modl', privatePaths: [/private/] },\n  navbar: { items: [{ label: 'x', to: 'docs/x', href: 'https://x' }] },\n}\n"
  assert.equal(
    problems(
      { title: 'T', login: { orgID: '', uxMode: 'modl', privatePaths: [{ path: /private/ }] }, navbar: { items: [{ label: 'x', to: 'docs/x', href: 'https://x' }] } },
      source,
    ),
    [
      'site.config.ts:4:13: error: "navbar.items[0]" needs exactly one of "to" (a route of this site) or "href" (an external URL). [docsgen:config-invalid]',
      'site.config.ts:4:35: error: "navbar.items[0].to" must be a route path starting with "/", got "docs/x". Use "href" for external links. [docsgen:config-invalid]',
      'site.config.ts:3:12: error: "login.orgID" must be a non-empty text, got the text "". [docsgen:config-invalid]',
      `site.config.ts:3:23: error: "login.uxMode" must be one of 'redirect', 'modal', got 'modl'. Did you mean 'modal'? [docsgen:config-invalid]`,
      'site.config.ts: error: "login.privatePaths[0].path" must be a string (a path or a glob), not a RegExp. Write the rule as a glob, e.g. "/docs/Private/**". [docsgen:config-invalid]',
    ],
  )
})

test('a config that exports nothing usable says how to write one', () => {
  assert.equal(problems(undefined), [
    'site.config.ts: error: The config file must export a config object as its default export. Write `export default defineConfig({ title: \'My docs\' })`. [docsgen:config-invalid]',
  ])
})

test('types, ranges and URLs are checked', () => {
  assert.equal(
    problems({ title: 3, baseUrl: 'https://example.github.io/handbook/?v=2', tableOfContents: { minHeadingLevel: 4, maxHeadingLevel: 3 }, login: { orgID: 'o', baseURL: 'ftp://x' }, i18n: { defaultLocale: 'fr' } }),
    [
      'site.config.ts: error: "title" must be a text, got a number (3). [docsgen:config-invalid]',
      'site.config.ts: error: "tableOfContents.maxHeadingLevel" must not be below minHeadingLevel (4). [docsgen:config-invalid]',
      "site.config.ts: error: \"i18n.defaultLocale\" must be 'en' (only English is supported). [docsgen:config-invalid]",
      'site.config.ts: error: "baseUrl" must be the URL path the site is served under, such as "/" or "/handbook/" (no origin, query, fragment, dot segments, or characters a URL path must encode, such as spaces), got "https://example.github.io/handbook/?v=2". Write baseUrl: \'/handbook/\' and url: \'https://example.github.io\'. [docsgen:config-invalid]',
      'site.config.ts: error: "login.baseURL" must be an http or https URL, got "ftp://x". [docsgen:config-invalid]',
    ],
  )
})

test('url is an origin: a path in it belongs in baseUrl', () => {
  assert.equal(problems({ title: 'T', url: 'https://example.github.io/handbook' }), [
    'site.config.ts: error: "url" must be an origin only, got "https://example.github.io/handbook". Write url: \'https://example.github.io\' and baseUrl: \'/handbook/\' (as in Docusaurus). [docsgen:config-invalid]',
  ])
  assert.equal(problems({ title: 'T', url: 'https://docs.example.org/' }), [])
  assert.equal(problems({ title: 'T', url: 'https://a&b.example/?q=<x>' }), [
    'site.config.ts: error: "url" must be an origin only, such as "https://docs.example.org" (a host name, no credentials, query or fragment), got "https://a&b.example/?q=<x>". [docsgen:config-invalid]',
  ])
})

test('baseUrl: given with or without its slashes, it always starts and ends with "/"', () => {
  const baseUrlOf = (baseUrl: unknown) => resolveConfig({ title: 'T', baseUrl }, 'site.config.ts', '').config?.baseUrl
  assert.equal([undefined, '/', 'handbook', '/handbook', 'team/handbook/', '//handbook//'].map(baseUrlOf), ['/', '/', '/handbook/', '/handbook/', '/team/handbook/', '/handbook/'])
  assert.equal(problems({ title: 'T', baseUrl: '/my docs/../x' }), [
    'site.config.ts: error: "baseUrl" must be the URL path the site is served under, such as "/" or "/handbook/" (no origin, query, fragment, dot segments, or characters a URL path must encode, such as spaces), got "/my docs/../x". Write baseUrl: \'/my%20docs/x/\'. [docsgen:config-invalid]',
  ])
  assert.equal(problems({ title: 'T', baseUrl: '/%2E%2e/a"><b>/' }), [
    'site.config.ts: error: "baseUrl" must be the URL path the site is served under, such as "/" or "/handbook/" (no origin, query, fragment, dot segments, or characters a URL path must encode, such as spaces), got "/%2E%2e/a\"><b>/". Write baseUrl: \'/a%22%3E%3Cb%3E/\'. [docsgen:config-invalid]',
  ])
})

test('route paths are paths of plain names: no host, no dot parts, no empty parts', () => {
  assert.equal(
    problems({
      title: 'T',
      docs: { routeBasePath: '/docs/../..' },
      navbar: { items: [{ label: 'x', to: '//evil.example/docs' }] },
      login: { orgID: 'o', privateRedirectPath: '//evil.example' },
    }),
    [
      'site.config.ts: error: "docs.routeBasePath" must be a route path of plain names, such as "/docs": "/docs/../.." has the part "..", which climbs out of its folder. [docsgen:config-invalid]',
      'site.config.ts: error: "navbar.items[0].to" must be a route path starting with "/" (not "//", which a browser reads as another host), got "//evil.example/docs". Use "href" for external links. [docsgen:config-invalid]',
      'site.config.ts: error: "login.privateRedirectPath" must be a route path of plain names, such as "/": "//evil.example" has an empty part ("//"), which a browser reads as the start of a host name. [docsgen:config-invalid]',
    ],
  )
  const routeBasePathOf = (routeBasePath: unknown) => resolveConfig({ title: 'T', docs: { routeBasePath } }, 'site.config.ts', '').config?.docs.routeBasePath
  assert.equal([undefined, '/', '', 'docs', '/docs/', 'team/docs'].map(routeBasePathOf), ['/docs', '/', '/', '/docs', '/docs', '/team/docs'])
})

test('the favicon: none by default (docsgen draws its own), or the URL configured', () => {
  assert.is(resolveConfig({ title: 'T' }, 'site.config.ts', '').config?.favicon, undefined)
  assert.is(resolveConfig({ title: 'T', favicon: '/img/favicon.ico' }, 'site.config.ts', '').config?.favicon, '/img/favicon.ico')
})

test('config hrefs and images refuse javascript:, vbscript: and data: URLs, however they are spelt', () => {
  assert.equal(
    problems({
      title: 'T',
      favicon: 'javascript:alert(1)',
      navbar: { logo: { src: 'data:image/svg+xml,<svg onload=alert(1)>' }, items: [{ label: 'x', href: ' JavaScript:alert(1)' }] },
      footer: { links: [{ title: 'More', items: [{ label: 'y', href: 'vb\tscript:msgbox(1)' }, { label: 'ok', href: 'mailto:help@example.org' }] }] },
      login: { orgID: 'o', formConfiguration: { logo: 'data:text/html,<script>alert(1)</script>' } },
    }),
    [
      'site.config.ts: error: "favicon" must not be a javascript: URL, which runs code, got "javascript:alert(1)". Use an https: URL, or a path of this site such as "/img/logo.svg". [docsgen:config-invalid]',
      'site.config.ts: error: "navbar.logo.src" must not be a data: URL, which carries a document of its own, got "data:image/svg+xml,<svg onload=alert(1)>". Use an https: URL, or a path of this site such as "/img/logo.svg". [docsgen:config-invalid]',
      'site.config.ts: error: "navbar.items[0].href" must not be a javascript: URL, which runs code, got " JavaScript:alert(1)". Use an https: URL, or a path of this site such as "/img/logo.svg". [docsgen:config-invalid]',
      'site.config.ts: error: "footer.links[0].items[0].href" must not be a vbscript: URL, which runs code, got "vb\tscript:msgbox(1)". Use an https: URL, or a path of this site such as "/img/logo.svg". [docsgen:config-invalid]',
      'site.config.ts: error: "login.formConfiguration.logo" must not be a data: URL, which carries a document of its own, got "data:text/html,<script>alert(1)</script>". Use an https: URL, or a path of this site such as "/img/logo.svg". [docsgen:config-invalid]',
    ],
  )
})

test('announcement bar colours are colours: nothing that adds CSS declarations or loads a URL', () => {
  const bar = (backgroundColor: string, textColor = '#000') => ({ title: 'T', announcementBar: { id: 'a', content: 'Hi', backgroundColor, textColor } })
  for (const colour of ['#fafbfc', 'rebeccapurple', 'rgb(255 247 214 / 50%)', 'hsl(210, 20%, 98%)', 'var(--ifm-color-primary)', ' #FFF '])
    assert.equal(problems(bar(colour)), [], colour)
  assert.equal(problems(bar('red;background-image:url(https://evil.example/x)', 'red" onmouseover="alert(1)')), [
    'site.config.ts: error: "announcementBar.backgroundColor" must be a CSS colour such as "#fff7d6", "rebeccapurple", "rgb(255 247 214)" or "var(--my-colour)", got "red;background-image:url(https://evil.example/x)". [docsgen:config-invalid]',
    'site.config.ts: error: "announcementBar.textColor" must be a CSS colour such as "#fff7d6", "rebeccapurple", "rgb(255 247 214)" or "var(--my-colour)", got "red\" onmouseover=\"alert(1)". [docsgen:config-invalid]',
  ])
  assert.equal(problems(bar('rgb(1,2,3) url(x)')).length, 1)
  assert.equal(problems(bar('var(--x);color:red')).length, 1)
})


test('blog: Docusaurus defaults, its settings read, a wrong one said whole', () => {
  assert.equal(resolveConfig({ title: 'T' }, 'site.config.ts', '').config?.blog, {
    routeBasePath: '/blog',
    postsPerPage: 10,
    showReadingTime: true,
    feedOptions: { type: ['rss', 'atom'], title: undefined, description: undefined },
    editUrl: undefined,
    blogTitle: 'Blog',
    blogDescription: 'Blog',
    blogSidebarCount: 5,
    blogSidebarTitle: 'Recent posts',
    blogSidebarGroupByYear: true,
  })
  const blog = {
    routeBasePath: 'news/',
    postsPerPage: 5,
    showReadingTime: false,
    feedOptions: { type: 'atom', title: 'News', description: 'What is new' },
    editUrl: 'https://git.example/edit/main/',
    blogTitle: 'News',
    blogDescription: 'What changed',
    blogSidebarCount: 0,
    blogSidebarTitle: 'Latest',
    blogSidebarGroupByYear: false,
  }
  assert.equal(resolveConfig({ title: 'T', blog }, 'site.config.ts', '').config?.blog, { ...blog, routeBasePath: '/news', feedOptions: { ...blog.feedOptions, type: ['atom'] } })
  assert.equal(resolveConfig({ title: 'T', blog: { feedOptions: { type: null } } }, 'site.config.ts', '').config?.blog.feedOptions.type, [])
  assert.equal(problems({ title: 'T', blog: { routeBasePath: '/a/../b', postsPerPage: 0, feedOptions: { type: 'json' }, truncateMarker: 'x' } }), [
    "site.config.ts: error: Unknown key 'truncateMarker' in blog. Known keys: routeBasePath, postsPerPage, showReadingTime, feedOptions, editUrl, blogTitle, blogDescription, blogSidebarCount, blogSidebarTitle, blogSidebarGroupByYear. [docsgen:config-unknown-key]",
    'site.config.ts: error: "blog.feedOptions.type" must be one of \'rss\', \'atom\', got \'json\'. [docsgen:config-invalid]',
    'site.config.ts: error: "blog.routeBasePath" must be a route path of plain names, such as "/blog": "/a/../b" has the part "..", which climbs out of its folder. [docsgen:config-invalid]',
    'site.config.ts: error: "blog.postsPerPage" must be from 1 to 1000, got 0. [docsgen:config-invalid]',
  ])
})

test("blogSidebarCount: a whole number from 0 (no sidebar) or 'ALL', as Docusaurus takes it; blogSidebarTitle a text; blogSidebarGroupByYear true or false; anything else said whole", () => {
  const blog = (value: Record<string, unknown>) => resolveConfig({ title: 'T', blog: value }, 'site.config.ts', '').config?.blog
  assert.equal([blog({ blogSidebarCount: 'ALL' })?.blogSidebarCount, blog({ blogSidebarCount: 12 })?.blogSidebarCount, blog({ blogSidebarCount: 0 })?.blogSidebarCount], ['ALL', 12, 0])
  assert.equal(problems({ title: 'T', blog: { blogSidebarCount: -1 } }), ['site.config.ts: error: "blog.blogSidebarCount" must be at least 0, got -1. [docsgen:config-invalid]'])
  assert.equal(problems({ title: 'T', blog: { blogSidebarCount: 2.5 } }), ['site.config.ts: error: "blog.blogSidebarCount" must be a whole number, got 2.5. [docsgen:config-invalid]'])
  assert.equal(problems({ title: 'T', blog: { blogSidebarCount: 'all', blogSidebarTitle: ['Recent'] } }), [
    'site.config.ts: error: "blog.blogSidebarCount" must be a whole number (0 for no sidebar) or \'ALL\', got the text "all". [docsgen:config-invalid]',
    'site.config.ts: error: "blog.blogSidebarTitle" must be a text, got a list. [docsgen:config-invalid]',
  ])
  assert.equal(problems({ title: 'T', blog: { blogSidebarCount: true } }), [
    'site.config.ts: error: "blog.blogSidebarCount" must be a whole number (0 for no sidebar) or \'ALL\', got true. [docsgen:config-invalid]',
  ])
  assert.equal(problems({ title: 'T', blog: { blogSidebarGroupByYear: 'no' } }), ['site.config.ts: error: "blog.blogSidebarGroupByYear" must be true or false, got the text "no". [docsgen:config-invalid]'])
})

test("markdown.flavor: 'vitepress' reads .md as Markdown with VitePress's ids; slugify 'vitepress' alone chooses it; each default can be overridden; other values are refused", () => {
  const markdown = (value: unknown) => resolveConfig({ title: 'T', markdown: value }, 'site.config.ts', '').config?.markdown
  const braces = { leftDelimiter: '{', rightDelimiter: '}' }
  assert.equal(markdown(undefined), { format: 'detect', slugify: 'github', flavor: 'default', attrs: braces })
  assert.equal(markdown({ flavor: 'vitepress' }), { format: 'md', slugify: 'vitepress', flavor: 'vitepress', attrs: braces })
  assert.equal(markdown({ slugify: 'vitepress' }), { format: 'md', slugify: 'vitepress', flavor: 'vitepress', attrs: braces })
  assert.equal(markdown({ slugify: 'vitepress', flavor: 'default' }), { format: 'detect', slugify: 'vitepress', flavor: 'default', attrs: braces })
  assert.equal(markdown({ flavor: 'vitepress', slugify: 'github', format: 'detect' }), { format: 'detect', slugify: 'github', flavor: 'vitepress', attrs: braces })
  assert.equal(problems({ title: 'T', markdown: { flavor: 'vue' } }), ['site.config.ts: error: "markdown.flavor" must be one of \'default\', \'vitepress\', got \'vue\'. [docsgen:config-invalid]'])
})

test("markdown.attrs's delimiters are read as written; a letter, a space, a long or an empty one is refused (each is matched in every heading)", () => {
  const attrs = (value: unknown) => resolveConfig({ title: 'T', markdown: { attrs: value } }, 'site.config.ts', '').config?.markdown.attrs
  assert.equal(attrs({ leftDelimiter: '%{', rightDelimiter: '}%' }), { leftDelimiter: '%{', rightDelimiter: '}%' })
  assert.equal(attrs({ leftDelimiter: '[[' }), { leftDelimiter: '[[', rightDelimiter: '}' })
  assert.equal(problems({ title: 'T', markdown: { attrs: { leftDelimiter: 'a{', rightDelimiter: '} }', allowed: [] } } }), [
    "site.config.ts: error: Unknown key 'allowed' in markdown.attrs. Known keys: leftDelimiter, rightDelimiter. [docsgen:config-unknown-key]",
    'site.config.ts: error: "markdown.attrs.leftDelimiter" must be 1 to 4 characters that are no letter, digit or space, got "a{". Write it as markdown-it-attrs\'s options are written, as \'%{\'. [docsgen:config-invalid]',
    'site.config.ts: error: "markdown.attrs.rightDelimiter" must be 1 to 4 characters that are no letter, digit or space, got "} }". Write it as markdown-it-attrs\'s options are written, as \'%{\'. [docsgen:config-invalid]',
  ])
  assert.equal(problems({ title: 'T', markdown: { attrs: { leftDelimiter: '', rightDelimiter: '%%%%%' } } }).length, 2)
})

test('docs.include is a list of globs; absent by default (every Markdown file is a doc); anything else is refused', () => {
  const include = (value: unknown) => resolveConfig({ title: 'T', docs: { include: value } }, 'site.config.ts', '').config?.docs.include
  assert.is(include(undefined), undefined)
  assert.equal(include(['{guide,api}/**/*.{md,mdx}']), ['{guide,api}/**/*.{md,mdx}'])
  assert.equal(problems({ title: 'T', docs: { include: '**/*.md' } }), ['site.config.ts: error: "docs.include" must be a list, got the text "**/*.md". [docsgen:config-invalid]'])
})

test('docs.exclude is a list of globs; none by default; anything else is refused', () => {
  const exclude = (value: unknown) => resolveConfig({ title: 'T', docs: { exclude: value } }, 'site.config.ts', '').config?.docs.exclude
  assert.equal(exclude(undefined), [])
  assert.equal(exclude(['README.md', '**/drafts/**']), ['README.md', '**/drafts/**'])
  assert.equal(problems({ title: 'T', docs: { exclude: 'README.md' } }), ['site.config.ts: error: "docs.exclude" must be a list, got the text "README.md". [docsgen:config-invalid]'])
  assert.equal(problems({ title: 'T', docs: { exclude: ['README.md', 3] } }), ['site.config.ts: error: "docs.exclude[1]" must be a text, got a number (3). [docsgen:config-invalid]'])
})

test('a navbar item has exactly one of to, href, docId and sidebarId; a docId or sidebarId item gets its route once the docs or sidebars are read', () => {
  const items = (value: unknown) => resolveConfig({ title: 'T', navbar: { items: [value] } }, 'site.config.ts', '').config?.navbar.items
  assert.equal(items({ label: 'Docs', docId: 'guides/intro' }), [{ label: 'Docs', to: undefined, href: undefined, docId: 'guides/intro', position: 'left', auth: false, groups: [] }])
  assert.equal(items({ label: 'Guide', sidebarId: 'guide' }), [{ label: 'Guide', to: undefined, href: undefined, sidebarId: 'guide', position: 'left', auth: false, groups: [] }])
  const oneOf = 'needs exactly one of "to" (a route of this site), "href" (an external URL), "docId" (a doc) or "sidebarId" (a sidebar\'s first page)'
  assert.equal(problems({ title: 'T', navbar: { items: [{ label: 'Docs', docId: 'intro', to: '/docs/intro' }] } }), [`site.config.ts: error: "navbar.items[0]" ${oneOf}. [docsgen:config-invalid]`])
  assert.equal(problems({ title: 'T', navbar: { items: [{ label: 'Docs', docId: 'intro', sidebarId: 'guide' }] } }), [`site.config.ts: error: "navbar.items[0]" ${oneOf}. [docsgen:config-invalid]`])
  assert.equal(problems({ title: 'T', navbar: { items: [{ label: 'Docs', sidebarId: 'guide', href: 'https://example.org' }] } }), [`site.config.ts: error: "navbar.items[0]" ${oneOf}. [docsgen:config-invalid]`])
})

test.run()
