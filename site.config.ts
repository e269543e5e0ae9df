import { defineConfig } from 'docsgen'

// The site of spec 000: internal IT documentation (Sanctum), the Lotus Byte tool, and a Private
// section for admins. Values the spec names are written out even where they equal the defaults,
// so this file documents the site.
export default defineConfig({
  title: 'Sanctum',
  tagline: 'Dinosaurs are cool',
  url: 'https://docs.example.org',
  baseUrl: '/',
  i18n: { defaultLocale: 'en', locales: ['en'] },
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  docs: {
    routeBasePath: '/docs',
    versionLabel: 'Next',
    mainDoc: 'Sanctum/intro',
    sidebarId: 'sanctum',
  },
  // Spec 000 §1: "a blog entry point is configured". Docusaurus's defaults, written out.
  blog: { routeBasePath: '/blog', postsPerPage: 10, showReadingTime: true },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
  announcementBar: {
    id: 'private-pages-2026',
    content: 'Private pages now need an admin sign-in: use "Log in" in the top right.',
    isCloseable: true,
  },
  navbar: {
    title: 'Sanctum',
    items: [
      // The spec writes this link as docs/category/Sanctum; routes are case-sensitive here.
      { label: 'Sanctum', to: '/docs/category/sanctum', position: 'left' },
      { label: 'Lotus Byte', to: '/docs/Lotus Byte/', position: 'left' },
      { label: 'Blog', to: '/blog', position: 'left' },
      { label: 'Private', to: '/docs/Private/', position: 'left', groups: ['admins'] },
    ],
  },
  footer: {
    style: 'dark',
    links: [
      {
        title: 'Docs',
        items: [
          { label: 'Introduction', to: '/docs/Sanctum/intro' },
          { label: 'Sanctum guides', to: '/docs/category/sanctum' },
          { label: 'Lotus Byte', to: '/docs/Lotus Byte/' },
        ],
      },
      {
        title: 'More',
        items: [
          { label: 'Blog', to: '/blog' },
          { label: 'Lotus Byte changelog', to: '/docs/Lotus Byte/changelog' },
          { label: 'Markdown page', to: '/markdown-page' },
        ],
      },
    ],
    copyright: 'Copyright © 2026 Sanctum. Built with docsgen.',
  },
  login: {
    orgID: 'sanctum-local',
    forceLogin: false,
    baseURL: 'https://api.slashid.com',
    sdkURL: 'https://cdn.slashid.com/sdk.html',
    uxMode: 'redirect',
    privateRedirectPath: '/',
    // The spec's only rule, '/docs/category/private/*', matches no route: its Private pages would be
    // public. `docsgen check` reports that rule as an error (see test/fixtures/spec-private-rule).
    // This rule protects what the spec plainly means: the whole Private section.
    privatePaths: [{ path: '/docs/Private/**', groups: ['admins'] }],
    formConfiguration: {
      factors: [{ method: 'email_link' }],
      storeLastHandle: true,
      defaultCountryCode: 'US',
    },
  },
})
