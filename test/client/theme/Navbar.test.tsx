import { renderToStaticMarkup } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ColorModeToggle } from '../../../src/client/theme/ColorModeToggle.js'
import { MobileMenu, MobileMenuSwitch, MobileMenuToggle } from '../../../src/client/theme/MobileMenu.js'
import { Navbar } from '../../../src/client/theme/Navbar.js'
import { NavbarItem } from '../../../src/client/theme/NavbarItem.js'
import { SearchBox } from '../../../src/client/theme/SearchBox.js'
import { Sidebar } from '../../../src/client/theme/Sidebar.js'
import { SidebarList } from '../../../src/client/theme/SidebarList.js'
import { count, sampleSidebar, sampleSite } from './sample-props.js'

const here = '/docs/Sanctum/intro'
const link = { label: 'Lotus Byte', href: '/docs/Lotus%20Byte/', position: 'left', auth: false, groups: [], active: false } as const

test('a navbar item is a list item with one link', () => {
  assert.is(
    renderToStaticMarkup(<NavbarItem item={link} currentHref={here} />),
    '<li class="navbar-item"><a class="navbar-link" href="/docs/Lotus%20Byte/">Lotus Byte</a></li>',
  )
})

test('the item of the current section is marked; aria-current says "page" only on the page itself', () => {
  assert.is(
    renderToStaticMarkup(<NavbarItem item={{ ...link, active: true }} currentHref="/docs/Lotus%20Byte/changelog" />),
    '<li class="navbar-item"><a class="navbar-link navbar-link--active" href="/docs/Lotus%20Byte/" aria-current="true">Lotus Byte</a></li>',
  )
  assert.match(renderToStaticMarkup(<NavbarItem item={{ ...link, active: true }} currentHref="/docs/Lotus%20Byte/" />), 'aria-current="page"')
})

test('an item for signed-in people starts hidden and tells the runtime who may see it', () => {
  assert.is(
    renderToStaticMarkup(<NavbarItem item={{ ...link, label: 'Private', href: '/docs/Private/', auth: true, groups: ['admins', 'IT staff'] }} currentHref={here} />),
    '<li class="navbar-item" hidden="" data-auth="" data-groups="[&quot;admins&quot;,&quot;IT staff&quot;]"><a class="navbar-link" href="/docs/Private/">Private</a></li>',
  )
  assert.is(
    renderToStaticMarkup(<NavbarItem item={{ ...link, auth: true }} currentHref={here} />),
    '<li class="navbar-item" hidden="" data-auth=""><a class="navbar-link" href="/docs/Lotus%20Byte/">Lotus Byte</a></li>',
  )
})

test('the colour mode toggle is a labelled button with both icons hidden from assistive technology', () => {
  const html = renderToStaticMarkup(<ColorModeToggle />)
  assert.ok(html.startsWith('<button type="button" class="color-mode-toggle" data-color-mode-toggle="" aria-label="Switch between dark and light mode"><svg'), html)
  assert.is(count(html, 'aria-hidden="true"'), 2)
  assert.is(count(html, '<svg'), 2)
})

test('the search box: a labelled field in a search landmark, disabled until the runtime runs, and a button that opens it on phones', () => {
  const html = renderToStaticMarkup(<SearchBox />)
  assert.ok(html.startsWith('<form class="navbar-search" role="search" data-search=""><button type="button" class="navbar-search-open" data-search-open="" aria-label="Search" aria-expanded="false"><svg'), html)
  assert.ok(
    html.endsWith('</svg><input type="search" placeholder="Search" aria-label="Search" aria-keyshortcuts="/ Control+K" autoComplete="off" spellCheck="false" disabled="" data-search-input=""/></div></form>'),
    html,
  )
})

test('the navbar: brand home, left items, then toggle, search and Log in', () => {
  const html = renderToStaticMarkup(<Navbar site={sampleSite()} currentHref={here} />)
  assert.ok(html.startsWith('<nav class="navbar" aria-label="Main"><div class="navbar-inner"><label class="navbar-mobile-toggle" for="mobile-menu-open"><svg'), html)
  assert.match(html, '<a class="navbar-brand" href="/"><span class="navbar-title">Sanctum</span></a><ul class="navbar-items"><li class="navbar-item"><a class="navbar-link navbar-link--active"')
  const order = ['class="navbar-brand"', 'class="navbar-items"', 'class="color-mode-toggle"', 'class="navbar-search"', 'class="login-button"']
  const positions = order.map((marker) => html.indexOf(marker))
  assert.ok(positions.every((position) => position > 0), String(positions))
  assert.equal([...positions].sort((a, b) => a - b), positions)
  assert.match(html, '<button type="button" class="login-button" data-login-button="">Log in</button></div></div></nav>')
})

test('no colour mode toggle when the switch is disabled', () => {
  const html = renderToStaticMarkup(
    <Navbar site={sampleSite({ colorMode: { defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: false } })} currentHref={here} />,
  )
  assert.not.match(html, 'color-mode-toggle')
  assert.not.match(html, 'data-color-mode-toggle')
})

test('no Log in button when the site has no login settings', () => {
  assert.not.match(renderToStaticMarkup(<Navbar site={sampleSite({ login: false })} currentHref={here} />), 'data-login-button')
})

test('the auth-only item is hidden in both the bar and the mobile menu', () => {
  const site = sampleSite()
  const html = renderToStaticMarkup(
    <>
      <Navbar site={site} currentHref={here} />
      <MobileMenu items={site.navbar.items} currentHref={here} />
    </>,
  )
  assert.is(count(html, '<li class="navbar-item" hidden="" data-auth="" data-groups="[&quot;admins&quot;]"><a class="navbar-link" href="/docs/Private/">Private</a></li>'), 2)
  assert.is(count(html, '<li class="navbar-item"><a class="navbar-link" href="/docs/Lotus%20Byte/">Lotus Byte</a></li>'), 2)
})

test('right-hand items come after the left ones, inside the right group', () => {
  const site = sampleSite()
  const items = [...site.navbar.items, { label: 'Help', href: '/help', position: 'right' as const, auth: false, groups: [], active: false }]
  const html = renderToStaticMarkup(<Navbar site={{ ...site, navbar: { ...site.navbar, items } }} currentHref={here} />)
  assert.match(html, '<div class="navbar-end"><ul class="navbar-items navbar-items--right"><li class="navbar-item"><a class="navbar-link" href="/help">Help</a></li></ul><button type="button" class="color-mode-toggle"')
})

test('a logo is drawn with its alt text next to the title', () => {
  const site = sampleSite()
  const html = renderToStaticMarkup(
    <Navbar site={{ ...site, navbar: { ...site.navbar, logo: { src: '/img/logo.svg', alt: 'Sanctum logo' } } }} currentHref={here} />,
  )
  assert.match(html, '<a class="navbar-brand" href="/"><img class="navbar-logo" src="/img/logo.svg" alt="Sanctum logo" width="32" height="32"/><span class="navbar-title">Sanctum</span></a>')
})

test('the mobile menu opens without JavaScript: a checkbox named Menu holds the state, the navbar icon is its label', () => {
  assert.is(
    renderToStaticMarkup(<MobileMenuSwitch />),
    '<input type="checkbox" id="mobile-menu-open" class="mobile-menu-switch" aria-label="Menu" aria-controls="mobile-menu" autoComplete="off"/>',
  )
  assert.is(
    renderToStaticMarkup(<MobileMenuToggle />),
    '<label class="navbar-mobile-toggle" for="mobile-menu-open"><svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">' +
      '<path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg></label>',
  )
})

const menuLinks =
  '<nav class="mobile-menu-links" aria-label="Menu"><ul class="navbar-mobile-items">' +
  '<li class="navbar-item"><a class="navbar-link navbar-link--active" href="/docs/category/sanctum" aria-current="true">Sanctum</a></li>' +
  '<li class="navbar-item"><a class="navbar-link" href="/docs/Lotus%20Byte/">Lotus Byte</a></li>' +
  '<li class="navbar-item" hidden="" data-auth="" data-groups="[&quot;admins&quot;]"><a class="navbar-link" href="/docs/Private/">Private</a></li>' +
  '</ul></nav>'

test('with a sidebar the mobile menu is the sidebar column: the links, then the one copy of the sidebar', () => {
  const list = renderToStaticMarkup(<SidebarList items={sampleSidebar()} currentHref={here} />)
  const sidebar = <Sidebar items={sampleSidebar()} listHtml={list} currentHref={here} />
  assert.is(
    renderToStaticMarkup(<MobileMenu items={sampleSite().navbar.items} sidebar={sidebar} currentHref={here} />),
    `<aside class="sidebar mobile-menu" id="mobile-menu"><div class="mobile-menu-panel">${menuLinks}<nav class="sidebar-nav" aria-label="Docs sidebar">${list}</nav></div></aside>`,
  )
})

test('without a sidebar the mobile menu holds only the links, and is no aside', () => {
  assert.is(
    renderToStaticMarkup(<MobileMenu items={sampleSite().navbar.items} currentHref={here} />),
    `<div class="mobile-menu" id="mobile-menu"><div class="mobile-menu-panel">${menuLinks}</div></div>`,
  )
})

test('labels with markup are escaped', () => {
  const site = sampleSite()
  const html = renderToStaticMarkup(
    <Navbar site={{ ...site, navbar: { ...site.navbar, title: '<i>Sanctum</i>', items: [{ ...link, label: '<script>alert(1)</script>' }] } }} currentHref={here} />,
  )
  assert.match(html, '<span class="navbar-title">&lt;i&gt;Sanctum&lt;/i&gt;</span>')
  assert.match(html, '&lt;script&gt;alert(1)&lt;/script&gt;')
  assert.not.match(html, '<script')
  assert.not.match(html, '<i>')
})

test.run()
