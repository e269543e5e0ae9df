/** Small, complete views for the theme tests; each test overrides only what it is about. */
import type { PageView, SidebarViewItem, SiteView } from '../../../src/shared/page-view.js'

export function sampleSite(overrides: Partial<SiteView> = {}): SiteView {
  return {
    title: 'Sanctum',
    tagline: 'Dinosaurs are cool',
    lang: 'en',
    baseUrl: '/',
    homeHref: '/',
    docsHref: '/docs/Sanctum/intro',
    navbar: {
      title: 'Sanctum',
      logo: undefined,
      items: [
        { label: 'Sanctum', href: '/docs/category/sanctum', position: 'left', auth: false, groups: [], active: true },
        { label: 'Lotus Byte', href: '/docs/Lotus%20Byte/', position: 'left', auth: false, groups: [], active: false },
        { label: 'Private', href: '/docs/Private/', position: 'left', auth: true, groups: ['admins'], active: false },
      ],
    },
    footer: {
      style: 'dark',
      columns: [{ title: 'Docs', items: [{ label: 'Introduction', href: '/docs/Sanctum/intro' }] }],
      copyright: 'Copyright © 2026 Sanctum. Built with docsgen.',
    },
    announcementBar: undefined,
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
    login: true,
    url: 'https://docs.example.org',
    ...overrides,
  }
}

export function samplePage(overrides: Partial<PageView> = {}): PageView {
  return {
    path: '/docs/Sanctum/Development/Setup an Apache2 Server',
    kind: 'doc',
    title: 'Set up an Apache2 server',
    hideTitle: false,
    titleId: undefined,
    unlisted: false,
    keywords: [],
    tags: [],
    description: 'Install Apache2 on Ubuntu.',
    bodyHtml: '<p>This guide takes a fresh Ubuntu server.</p><h2 id="install">Install</h2><h3 id="firewall">Firewall</h3>',
    toc: [
      { depth: 2, id: 'install', text: 'Install' },
      { depth: 3, id: 'firewall', text: 'Firewall' },
    ],
    breadcrumbs: [
      { label: 'Sanctum', href: '/docs/category/sanctum' },
      { label: 'Development', href: '/docs/category/development' },
    ],
    cards: [],
    previous: { label: 'Lotus API Guidelines', href: '/docs/Sanctum/Development/Lotus%20API%20Guidelines' },
    next: undefined,
    gated: false,
    layout: 'docs',
    ...overrides,
  }
}

export function sampleSidebar(): SidebarViewItem[] {
  return [
    { type: 'link', label: 'Introduction', href: '/docs/Sanctum/intro', active: false },
    { type: 'category', label: 'ChromeOS', href: '/docs/category/chromeos', active: false, expanded: false, collapsible: true, place: '1', items: [] },
    {
      type: 'category',
      label: 'Development',
      href: '/docs/category/development',
      active: true,
      expanded: true,
      collapsible: true,
      place: '2',
      items: [
        { type: 'link', label: 'Setup an Apache2 Server', href: '/docs/Sanctum/Development/Setup%20an%20Apache2%20Server', active: true },
      ],
    },
  ]
}

/** How many times `needle` occurs in `haystack`. */
export function count(haystack: string, needle: string | RegExp): number {
  if (typeof needle === 'string') return haystack.split(needle).length - 1
  return [...haystack.matchAll(new RegExp(needle.source, needle.flags.includes('g') ? needle.flags : needle.flags + 'g'))].length
}
