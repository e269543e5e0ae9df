import { Window } from 'happy-dom'
import { renderToStaticMarkup } from 'react-dom/server'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Page, pageFrameKey, pageFrameOf } from '../../../src/client/theme/Page.js'
import { PageRegion } from '../../../src/client/theme/PageRegion.js'
import { SidebarList } from '../../../src/client/theme/SidebarList.js'
import { routeHref } from '../../../src/shared/canonical-path.js'
import type { PageProps } from '../../../src/shared/page-view.js'
import { count, samplePage, sampleSidebar, sampleSite } from './sample-props.js'

function render(props: PageProps): string {
  return renderToStaticMarkup(<Page {...props} />)
}

/** The markup parsed as a browser would, for structural checks. */
function parse(html: string): Document {
  const window = new Window()
  window.document.body.innerHTML = html
  return window.document as unknown as Document
}

const docProps = (): PageProps => ({ site: sampleSite(), page: samplePage(), sidebar: sampleSidebar() })

const menuSwitch = '<input type="checkbox" id="mobile-menu-open" class="mobile-menu-switch" aria-label="Menu" aria-controls="mobile-menu" autoComplete="off"/>'

const layout = suite('Page layout')

layout('a doc page: skip link, menu switch, navbar, sidebar, breadcrumbs, article, previous link, ToC, footer, in that order', () => {
  const html = render(docProps())
  assert.ok(html.startsWith(`<a class="skip-link" href="#main-content">Skip to main content</a>${menuSwitch}<nav class="navbar" aria-label="Main">`), html.slice(0, 300))
  const order = [
    '<aside class="sidebar mobile-menu" id="mobile-menu">',
    '<main id="main-content" class="docs-main">',
    '<nav class="breadcrumbs" aria-label="Breadcrumbs">',
    '<article class="markdown"><h1>Set up an Apache2 server</h1><div class="markdown-body"><p>This guide takes a fresh Ubuntu server.</p><h2 id="install">Install</h2>',
    '<nav class="pagination-nav" aria-label="Docs pages">',
    '<nav class="table-of-contents" aria-label="On this page">',
    '<footer class="footer footer--dark">',
  ]
  const positions = order.map((marker) => html.indexOf(marker))
  assert.ok(positions.every((position) => position > 0), String(positions))
  assert.equal([...positions].sort((a, b) => a - b), positions)
  assert.ok(html.endsWith('</footer>'))
})

layout('a doc page carries the docs sidebar once, in the menu that the navbar toggle opens', () => {
  const sidebarHtml = renderToStaticMarkup(<SidebarList items={sampleSidebar()} currentHref={routeHref(samplePage().path)} />)
  for (const props of [docProps(), { ...docProps(), sidebarHtml }]) {
    const html = render(props)
    assert.is(count(html, 'aria-label="Docs sidebar"'), 1)
    assert.is(count(html, '<a class="sidebar-link'), 4)
    assert.is(count(html, 'aria-current="page"'), 2, 'the sidebar link and the last breadcrumb')
    const document = parse(html)
    const toggle = document.querySelector('.mobile-menu-switch')
    assert.is(toggle?.getAttribute('aria-label'), 'Menu')
    assert.is(document.querySelectorAll('.navbar label[for="mobile-menu-open"]').length, 1)
    assert.is(document.getElementById(toggle?.getAttribute('aria-controls') ?? '')?.querySelectorAll('nav[aria-label="Docs sidebar"], nav[aria-label="Menu"]').length, 2)
    // The stylesheet reaches the navbar and the menu from the checkbox with these selectors.
    assert.is(document.querySelectorAll('.mobile-menu-switch ~ .navbar .navbar-mobile-toggle').length, 1)
    assert.is(document.querySelectorAll('.mobile-menu-switch ~ .page-region > .docs-layout > .mobile-menu').length, 1)
  }
})

layout('a page without a sidebar has the same menu toggle, and a menu of the navbar links', () => {
  const plain = samplePage({ path: '/markdown-page', kind: 'page', layout: 'plain', toc: [] })
  for (const props of [{ ...docProps(), sidebar: undefined }, { site: sampleSite(), page: plain, sidebar: undefined }]) {
    const document = parse(render(props))
    assert.is(document.querySelectorAll('.mobile-menu-switch ~ .navbar .navbar-mobile-toggle').length, 1)
    const menu = document.getElementById('mobile-menu')
    assert.is(menu?.className, 'mobile-menu')
    assert.is(menu?.querySelectorAll('nav[aria-label="Menu"] .navbar-item').length, 3)
    assert.is(document.querySelectorAll('.mobile-menu-switch ~ .page-region > .mobile-menu, .mobile-menu-switch ~ .page-region > .docs-layout > .mobile-menu').length, 1)
    assert.is(document.querySelectorAll('nav[aria-label="Docs sidebar"]').length, 0)
  }
})

layout('the breadcrumbs end with the page title', () => {
  assert.match(
    render(docProps()),
    '<a class="breadcrumbs-link" href="/docs/category/development">Development</a></li><li class="breadcrumbs-item breadcrumbs-item--current" aria-current="page"><span class="breadcrumbs-text">Set up an Apache2 server</span></li>',
  )
})

layout('the ToC nests h3 under h2 and links to the heading ids', () => {
  assert.match(
    render(docProps()),
    '<li><a class="table-of-contents-link" href="#install">Install</a><ul class="table-of-contents-list"><li><a class="table-of-contents-link" href="#firewall">Firewall</a></li></ul></li>',
  )
})

layout('no ToC column when the page has no headings', () => {
  const html = render({ ...docProps(), page: samplePage({ toc: [] }) })
  assert.not.match(html, 'table-of-contents')
  assert.not.match(html, 'docs-toc')
  assert.match(html, '<main id="main-content" class="docs-main docs-main--no-toc">')
})

layout('the announcement bar sits between the skip link and the navbar', () => {
  const site = sampleSite({
    announcementBar: { id: 'a1', content: 'Hello', backgroundColor: '#fff', textColor: '#000', isCloseable: false },
  })
  const html = render({ ...docProps(), site })
  assert.ok(html.startsWith('<a class="skip-link" href="#main-content">Skip to main content</a><div class="announcement-bar"'))
  assert.match(html, `<p class="announcement-bar-content">Hello</p></div>${menuSwitch}<nav class="navbar"`)
  assert.not.match(render(docProps()), 'announcement-bar')
})

layout('a docs page outside every sidebar gets no empty aside', () => {
  const html = render({ ...docProps(), sidebar: undefined })
  assert.not.match(html, '<aside')
  assert.match(html, '<div class="docs-layout docs-layout--no-sidebar">')
})

layout('a category index page: title, description, then one card per item, and no body', () => {
  const page = samplePage({
    path: '/docs/category/papercut',
    kind: 'category',
    title: 'PaperCut',
    description: 'Print management.',
    bodyHtml: '',
    toc: [],
    cards: [
      { label: 'Find-Me Printing', href: '/docs/Sanctum/PaperCut/Find-Me%20Printing', description: 'Release jobs at any printer.', kind: 'doc', count: undefined },
      { label: 'Queues', href: '/docs/category/queues', description: undefined, kind: 'category', count: 4 },
    ],
  })
  const html = render({ ...docProps(), page })
  assert.match(
    html,
    '<h1>PaperCut</h1><p class="category-description">Print management.</p><ul class="category-cards">' +
      '<li class="category-card-item"><a class="category-card category-card--doc" href="/docs/Sanctum/PaperCut/Find-Me%20Printing"><span class="category-card-title">Find-Me Printing</span><span class="category-card-description">Release jobs at any printer.</span></a></li>' +
      '<li class="category-card-item"><a class="category-card category-card--category" href="/docs/category/queues"><span class="category-card-title">Queues</span><span class="category-card-count">4 items</span></a></li></ul></article>',
  )
  assert.not.match(html, 'markdown-body')
})

layout('a plain Markdown page: full width, its title and body, no sidebar even if one is passed', () => {
  const page = samplePage({ path: '/markdown-page', kind: 'page', title: 'Markdown page example', layout: 'plain', bodyHtml: '<p>You don&#x27;t need React.</p>', toc: [] })
  const html = render({ site: sampleSite(), page, sidebar: sampleSidebar() })
  assert.match(
    html,
    '<main id="main-content" class="plain-page plain-main"><article class="markdown"><h1>Markdown page example</h1><div class="markdown-body"><p>You don&#x27;t need React.</p></div></article></main>',
  )
  assert.not.match(html, 'class="sidebar')
  assert.not.match(html, 'Docs sidebar')
  assert.not.match(html, 'breadcrumbs')
  assert.not.match(html, 'table-of-contents')
})

layout('a component page that brings its own <main> and <h1> is not wrapped in a second one', () => {
  const bodyHtml = '<main class="home"><header class="home-hero"><h1 class="home-hero-title">Sanctum</h1></header></main>'
  const page = samplePage({ path: '/', kind: 'page', title: 'Sanctum', layout: 'plain', bodyHtml, toc: [] })
  const html = render({ site: sampleSite(), page, sidebar: undefined })
  assert.match(html, `<div id="main-content" class="plain-page">${bodyHtml}</div>`)
  const document = parse(html)
  assert.is(document.querySelectorAll('main').length, 1)
  assert.is(document.querySelectorAll('h1').length, 1)
})

layout.run()

const gated = suite('Private page shell')

// The build passes a shell view, but the theme must not leak even a view filled in by mistake.
const secretView = () =>
  samplePage({
    path: '/docs/Private/Vault/KCSIE Filtering Responsibilities',
    title: 'Private page',
    description: 'SECRET-DESCRIPTION',
    bodyHtml: '<p>SECRET-BODY</p>',
    toc: [{ depth: 2, id: 'secret-heading', text: 'SECRET-HEADING' }],
    breadcrumbs: [{ label: 'SECRET-CRUMB', href: '/docs/Private/' }],
    previous: { label: 'SECRET-PREVIOUS', href: '/docs/Private/notice' },
    next: { label: 'SECRET-NEXT', href: '/docs/Private/' },
    gated: true,
  })

gated('shows the neutral title and the sign-in placeholder, and nothing of the page', () => {
  const html = render({ site: sampleSite(), page: secretView(), sidebar: sampleSidebar() })
  assert.not.match(html, 'SECRET')
  assert.match(
    html,
    '<article class="markdown"><h1>Private page</h1><div class="login-gate" data-login-gate="">',
  )
  assert.match(html, '<h2 class="login-gate-title">Sign in to read this page</h2>')
  assert.match(html, '<button type="button" class="login-button login-gate-button" data-login-button="">Log in</button>')
  assert.not.match(html, 'markdown-body')
  assert.not.match(html, 'breadcrumbs')
  assert.not.match(html, 'table-of-contents')
  assert.not.match(html, 'pagination-nav')
})

gated('keeps the public sidebar, with nothing marked as the current page', () => {
  const sidebar = sampleSidebar().filter((item) => item.type === 'link')
  const html = render({ site: sampleSite(), page: secretView(), sidebar })
  assert.match(html, '<aside class="sidebar mobile-menu" id="mobile-menu">')
  assert.not.match(html, 'aria-current="page"')
})

gated('a private page in the plain layout gets the same placeholder', () => {
  const html = render({ site: sampleSite(), page: { ...secretView(), kind: 'page', layout: 'plain' }, sidebar: undefined })
  assert.not.match(html, 'SECRET')
  assert.match(html, '<main id="main-content" class="plain-page plain-main"><article class="markdown"><h1>Private page</h1><div class="login-gate" data-login-gate=""')
})

gated.run()

const notFound = suite('Not-found page')

notFound('shows the not-found texts and links, without sidebar or ToC', () => {
  const page = samplePage({ path: '/404', kind: 'notFound', title: 'Page Not Found', bodyHtml: '', toc: [], layout: 'plain' })
  const html = render({ site: sampleSite(), page, sidebar: sampleSidebar() })
  assert.match(html, '<h1 class="not-found-title">Page Not Found</h1><div data-not-found=""><p class="not-found-text">We could not find what you were looking for.</p>')
  assert.match(html, '<a class="button" href="/">Go to the home page</a>')
  assert.match(html, 'href="/docs/Sanctum/intro">Read the docs introduction</a>')
  assert.not.match(html, '<aside')
  assert.not.match(html, 'table-of-contents')
})

notFound.run()

const accessibility = suite('Accessibility basics')

const everyPage = (): [string, PageProps][] => [
  ['doc', docProps()],
  ['category', { ...docProps(), page: samplePage({ kind: 'category', bodyHtml: '', toc: [], cards: [{ label: 'A', href: '/a', description: undefined, kind: 'doc', count: undefined }] }) }],
  ['gated', { ...docProps(), page: samplePage({ gated: true, title: 'Private page', bodyHtml: '', toc: [] }) }],
  ['plain', { site: sampleSite(), page: samplePage({ kind: 'page', layout: 'plain', toc: [] }), sidebar: undefined }],
  ['not found', { site: sampleSite(), page: samplePage({ kind: 'notFound', layout: 'plain', bodyHtml: '', toc: [] }), sidebar: undefined }],
]

accessibility('every page has one h1, one main with the skip-link target, and a footer', () => {
  for (const [name, props] of everyPage()) {
    const document = parse(render(props))
    assert.is(document.querySelectorAll('h1').length, 1, `${name}: h1`)
    assert.is(document.querySelectorAll('main').length, 1, `${name}: main`)
    assert.is(document.querySelector('main')?.id, 'main-content', `${name}: main id`)
    assert.is(document.querySelectorAll('footer').length, 1, `${name}: footer`)
    assert.is(document.body.firstElementChild?.getAttribute('href'), '#main-content', `${name}: skip link first`)
  }
})

accessibility('every nav landmark is labelled, and ids are unique', () => {
  for (const [name, props] of everyPage()) {
    const document = parse(render(props))
    for (const nav of document.querySelectorAll('nav')) assert.ok(nav.getAttribute('aria-label'), `${name}: unlabelled nav ${nav.className}`)
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id)
    assert.equal(ids, [...new Set(ids)], `${name}: duplicate ids`)
  }
})

accessibility('every button, field and image has a name', () => {
  const site = sampleSite()
  const props: PageProps = {
    ...docProps(),
    site: {
      ...site,
      announcementBar: { id: 'a', content: 'Hi', backgroundColor: '#fff', textColor: '#000', isCloseable: true },
      navbar: { ...site.navbar, logo: { src: '/logo.svg', alt: 'Sanctum' } },
    },
  }
  const document = parse(render(props))
  const buttons = [...document.querySelectorAll('button, input[type="checkbox"]')]
  assert.ok(buttons.length >= 4)
  for (const button of buttons) assert.ok(button.getAttribute('aria-label') || button.textContent?.trim(), button.outerHTML)
  for (const button of document.querySelectorAll('button')) assert.is(button.getAttribute('type'), 'button')
  for (const input of document.querySelectorAll('input')) assert.ok(input.getAttribute('aria-label'), input.outerHTML)
  for (const image of document.querySelectorAll('img')) assert.ok(image.hasAttribute('alt'), image.outerHTML)
  for (const svg of document.querySelectorAll('svg')) assert.is(svg.getAttribute('aria-hidden'), 'true')
})

accessibility('text in the view is escaped wherever it appears', () => {
  const page = samplePage({ title: '<img src=x onerror=alert(1)>' })
  const html = render({ ...docProps(), page })
  assert.not.match(html, '<img')
  assert.is(count(html, '&lt;img src=x onerror=alert(1)&gt;'), 2)
})

accessibility.run()

const frame = suite('Page frame')

frame('a page drawn as the frame of another page with the same key around its own region is the page Page draws', () => {
  const site = sampleSite({ announcementBar: { id: 'news', content: 'News', backgroundColor: '#fff', textColor: '#000', isCloseable: false } })
  const pages: PageProps[] = [
    { site, page: samplePage(), sidebar: sampleSidebar() },
    { site, page: samplePage({ path: '/docs/Sanctum/other', title: 'Other' }), sidebar: sampleSidebar() },
    { site, page: samplePage({ path: '/about', title: 'About', layout: 'plain' }), sidebar: undefined },
    { site, page: samplePage({ path: '/404', kind: 'notFound', title: 'Not found' }), sidebar: undefined },
  ]
  const first = pageFrameOf(render(pages[0]!))
  for (const props of pages) {
    assert.is(pageFrameKey(props.site, props.page.path), pageFrameKey(pages[0]!.site, pages[0]!.page.path))
    assert.is(`${first.before}${renderToStaticMarkup(<PageRegion {...props} />)}${first.after}`, render(props))
  }
})

frame('the key tells apart the pages a navbar link names (aria-current="page") and any other site', () => {
  const site = sampleSite()
  const key = pageFrameKey(site, '/docs/Sanctum/intro')
  assert.is.not(pageFrameKey(site, '/docs/category/sanctum'), key)
  assert.match(render({ site, page: samplePage({ path: '/docs/category/sanctum' }), sidebar: undefined }), 'aria-current="page"')
  assert.is.not(pageFrameKey(sampleSite({ title: 'Other' }), '/docs/Sanctum/intro'), key)
  assert.is(pageFrameKey(sampleSite(), '/docs/Sanctum/other'), key)
})

frame.run()
