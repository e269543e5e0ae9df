import { renderToStaticMarkup } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Sidebar } from '../../../src/client/theme/Sidebar.js'
import { SidebarList } from '../../../src/client/theme/SidebarList.js'
import type { SidebarViewItem } from '../../../src/shared/page-view.js'
import { sampleSidebar } from './sample-props.js'

const current = '/docs/Sanctum/Development/Setup%20an%20Apache2%20Server'

test('the sidebar: a labelled nav, the active link marked, the open category nested', () => {
  assert.is(
    renderToStaticMarkup(<Sidebar items={sampleSidebar()} currentHref={current} />),
    '<nav class="sidebar-nav" aria-label="Docs sidebar"><ul class="sidebar-list">' +
      '<li class="sidebar-item"><a class="sidebar-link" href="/docs/Sanctum/intro">Introduction</a></li>' +
      '<li class="sidebar-item sidebar-category sidebar-category--collapsed" data-place="1"><a class="sidebar-link sidebar-category-label" href="/docs/category/chromeos">ChromeOS</a></li>' +
      '<li class="sidebar-item sidebar-category sidebar-category--expanded sidebar-category--active" data-place="2"><a class="sidebar-link sidebar-category-label" href="/docs/category/development">Development</a>' +
      '<ul class="sidebar-list"><li class="sidebar-item"><a class="sidebar-link sidebar-link--active" href="/docs/Sanctum/Development/Setup%20an%20Apache2%20Server" aria-current="page">Setup an Apache2 Server</a></li></ul>' +
      '</li></ul></nav>',
  )
})

test('a closed category renders no children, even if it were given some', () => {
  const items: SidebarViewItem[] = [
    {
      type: 'category',
      label: 'PaperCut',
      href: '/docs/category/papercut',
      active: false,
      expanded: false,
      collapsible: true,
      place: '3',
      items: [{ type: 'link', label: 'Key Concepts', href: '/docs/Sanctum/PaperCut/Key%20Concepts', active: false }],
    },
  ]
  assert.is(
    renderToStaticMarkup(<SidebarList items={items} currentHref={current} />),
    '<ul class="sidebar-list"><li class="sidebar-item sidebar-category sidebar-category--collapsed" data-place="3"><a class="sidebar-link sidebar-category-label" href="/docs/category/papercut">PaperCut</a></li></ul>',
  )
})

test('a category without a page has a plain label', () => {
  const items: SidebarViewItem[] = [
    { type: 'category', label: 'Lotus Byte', href: undefined, active: false, expanded: true, collapsible: true, place: '1', items: [{ type: 'link', label: 'Changelog', href: '/docs/Lotus%20Byte/changelog', active: false }] },
  ]
  assert.is(
    renderToStaticMarkup(<SidebarList items={items} currentHref={current} />),
    '<ul class="sidebar-list"><li class="sidebar-item sidebar-category sidebar-category--expanded" data-place="1"><span class="sidebar-category-label">Lotus Byte</span>' +
      '<ul class="sidebar-list"><li class="sidebar-item"><a class="sidebar-link" href="/docs/Lotus%20Byte/changelog">Changelog</a></li></ul></li></ul>',
  )
})

test("on a category's own index page its label is the current page", () => {
  // A category that cannot be closed has no toggle.
  const items: SidebarViewItem[] = [{ type: 'category', label: 'Development', href: '/docs/category/development', active: true, expanded: true, collapsible: false, place: '0', items: [] }]
  assert.is(
    renderToStaticMarkup(<SidebarList items={items} currentHref="/docs/category/development" />),
    '<ul class="sidebar-list"><li class="sidebar-item sidebar-category sidebar-category--expanded sidebar-category--active">' +
      '<a class="sidebar-link sidebar-category-label sidebar-link--active" href="/docs/category/development" aria-current="page">Development</a></li></ul>',
  )
})

test('exactly one item is the current page', () => {
  const html = renderToStaticMarkup(<Sidebar items={sampleSidebar()} currentHref={current} />)
  assert.is(html.split('aria-current="page"').length - 1, 1)
})

test('labels are text, never markup', () => {
  const html = renderToStaticMarkup(<SidebarList items={[{ type: 'link', label: '<b>Bold</b> & "quoted"', href: '/x', active: false }]} currentHref={current} />)
  assert.match(html, '>&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot;</a>')
})

test.run()
