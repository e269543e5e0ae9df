/**
 * Sign-in in the browser runtime, in happy-dom on pages the real theme draws: the button, the
 * login form loaded on demand (a stand-in for the widget's bundle), MY_USER_TOKEN, the access
 * rules, private content and navigation from the gate (asked with a bearer token), sign-out here
 * and in another tab. The real widget, gate and provider together: test/e2e/sign-in.test.ts.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readUserToken } from '../../../../src/client/runtime/sign-in/read-user-token.js'
import { requiredGroups, mayOpen } from '../../../../src/client/runtime/sign-in/access-rules.js'
import { startRuntime } from '../../../../src/client/runtime/start-runtime.js'
import type { RuntimeConfig, RuntimeLogin } from '../../../../src/shared/runtime-config.js'
import { samplePage } from '../../theme/sample-props.js'
import { click, openRuntimePage, pageHtml, sampleConfig, settle, type RuntimePage } from '../runtime-page.js'

const now = Date.UTC(2026, 10, 24)
const widgetModule = '/_docsgen/login-widget-TEST.js'

/** A token as the provider shapes it; the page reads it, never verifies it. */
function token(claims: Record<string, unknown> = {}): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'ES256', kid: 'k' })}.${part({ oid: 'org-docs', exp: now / 1000 + 3600, person_type: 'regular', groups: [], ...claims })}.c2ln`
}
const admin = token({ groups: ['admins'] })
const reader = token()

function loginConfig(overrides: Partial<RuntimeLogin> = {}): RuntimeConfig {
  return sampleConfig({
    login: {
      widgetModule,
      orgID: 'org-docs',
      baseURL: 'http://provider.test',
      sdkURL: 'http://provider.test/sdk.html',
      uxMode: 'modal',
      privateRedirectPath: '/',
      forceLogin: false,
      rules: [{ pattern: '^\\/docs\\/Private(?:\\/.*)?$', groups: ['admins'] }],
      form: { factors: [{ method: 'email_link' }], logo: undefined, storeLastHandle: true, text: {}, defaultCountryCode: 'US' },
      privatePages: 'gate',
      ...overrides,
    },
  })
}

const shell = samplePage({ path: '', kind: 'page', title: 'Private page', bodyHtml: '', toc: [], breadcrumbs: [], gated: true, layout: 'plain' })

interface World {
  readonly page: RuntimePage
  /** Authorization header of every gate request, by path. */
  readonly bearers: Map<string, string | null>
  /** What the login form was mounted with, once it was. */
  form: { onSuccess: (user: { token: string }) => void; factors: unknown } | undefined
  readonly revoked: string[]
}

function open(options: { url?: string; config?: RuntimeConfig; token?: string; shell?: boolean } = {}): World {
  const drawn = pageHtml(options.shell ? { page: shell, sidebar: [] } : {}, options.config ?? loginConfig())
  // The build writes the shell unindexed: no canonical address, which would name one page.
  const html = options.shell ? drawn.replace(/<link rel="canonical"[^>]*>/, '') : drawn
  const page = openRuntimePage(html, { url: options.url ?? 'http://site.test/docs/Sanctum/intro' })
  if (options.token) page.window.localStorage.setItem('MY_USER_TOKEN', options.token)
  const world: World = { page, bearers: new Map(), form: undefined, revoked: [] }
  const fetch = page.platform.fetch
  Object.assign(page.platform, {
    now: () => now,
    fetch: async (url: string, init?: RequestInit) => {
      world.bearers.set(url, new Headers(init?.headers).get('authorization'))
      return fetch(url)
    },
  })
  page.modules.set(widgetModule, {
    LoginForm: 'LoginForm',
    mount(element: Element, _component: unknown, props: World['form']) {
      world.form = props
      element.textContent = 'the login form'
      return { unmount: () => (element.textContent = '') }
    },
    createIdentityClient: (options: { initialToken?: string }) => ({
      start: async () => undefined,
      logout: async () => void (options.initialToken && world.revoked.push(options.initialToken)),
    }),
  })
  page.answers.set('/_docsgen/gate/navigation', { body: [{ path: '/docs/Private/admin', kind: 'navbar', label: 'Admin area', position: 'left', href: '/docs/Private/admin' }, { path: '/docs/Private/notice', kind: 'sidebar', label: 'Notice', href: '/docs/Private/notice', trail: [] }] })
  return world
}

const button = (world: World) => world.page.document.querySelector('.navbar [data-login-button]')!
const privateItem = (world: World) => [...world.page.document.querySelectorAll<HTMLElement>('.navbar-item')].find((item) => item.textContent === 'Private')!

const signIn = suite('sign-in in the runtime')

signIn('Log in loads the form on demand; success stores MY_USER_TOKEN, closes the form, reads Log out and brings the private navigation', async () => {
  const world = open()
  const { page } = world
  try {
    startRuntime(page.platform)
    assert.is(button(world).textContent, 'Log in')
    assert.ok(privateItem(world).hidden, 'an auth item is hidden while nobody is signed in')
    assert.not.ok(page.fetched.includes(widgetModule))
    click(page, button(world))
    await settle(30)
    assert.ok(page.document.querySelector('[data-login-dialog]'))
    assert.equal(world.form!.factors, [{ method: 'email_link' }])
    assert.ok(page.document.querySelector('iframe[data-provider-frame][hidden]'), 'the provider frame is added with the widget')
    world.form!.onSuccess({ token: admin })
    await settle(30)
    assert.is(page.window.localStorage.getItem('MY_USER_TOKEN'), admin)
    assert.is(page.document.querySelector('[data-login-dialog]'), null)
    assert.is(button(world).textContent, 'Log out')
    assert.not.ok(privateItem(world).hidden, 'an admin sees the admins item')
    assert.is(world.bearers.get('/_docsgen/gate/navigation'), `Bearer ${admin}`)
    // The navbar entry also in the mobile menu's copy of the navbar's links.
    assert.equal([...page.document.querySelectorAll('[data-private-nav]')].map((element) => element.textContent), ['Admin area', 'Admin area', 'Notice'])
    assert.ok(page.document.querySelector('.navbar-mobile-items [data-private-nav]'))
    assert.equal(page.warnings, [])
  } finally {
    await page.close()
  }
})

signIn('a private path the reader may open: the gate’s page replaces the shell; signing out in another tab puts the shell back and drops the private navigation', async () => {
  const world = open({ url: 'http://site.test/docs/Private/notice', token: admin, shell: true })
  const { page } = world
  page.answers.set('/_docsgen/gate/page/docs/Private/notice', { body: { format: 2, path: '/docs/Private/notice', title: 'Notice | Sanctum', description: undefined, html: '<main><h1>Notice</h1><p>SECRET BODY</p></main>', sidebar: undefined, navbar: {}, redirect: undefined, build: 'build-1' } })
  try {
    startRuntime(page.platform)
    await settle(30)
    assert.is(world.bearers.get('/_docsgen/gate/page/docs/Private/notice'), `Bearer ${admin}`)
    assert.match(page.document.querySelector('[data-page-region]')!.innerHTML, 'SECRET BODY')
    assert.is(page.document.title, 'Notice | Sanctum')
    page.window.localStorage.removeItem('MY_USER_TOKEN')
    page.window.dispatchEvent(new page.window.StorageEvent('storage', { key: 'MY_USER_TOKEN' }))
    await settle(30)
    assert.not.match(page.document.body.innerHTML, 'SECRET BODY')
    assert.ok(page.document.querySelector('[data-login-gate]'), 'the shell is back')
    assert.is(page.document.querySelectorAll('[data-private-nav]').length, 0)
    assert.is(button(world).textContent, 'Log in')
    assert.ok(page.document.querySelector('[data-login-dialog]'), "uxMode 'modal': the form, since the reader may not open the page")
    assert.equal(world.revoked, [], 'only the tab that signed out tells the provider')
  } finally {
    await page.close()
  }
})

signIn('Log out here revokes the token at the provider and removes it; a token the gate refuses (401) signs the reader out', async () => {
  const world = open({ token: admin })
  const { page } = world
  try {
    startRuntime(page.platform)
    await settle(30)
    click(page, button(world))
    await settle(30)
    assert.is(page.window.localStorage.getItem('MY_USER_TOKEN'), null)
    assert.equal(world.revoked, [admin])
    assert.is(page.document.querySelectorAll('[data-private-nav]').length, 0)
  } finally {
    await page.close()
  }
  const refused = open({ url: 'http://site.test/docs/Private/notice', token: admin, shell: true })
  refused.page.answers.set('/_docsgen/gate/page/docs/Private/notice', { status: 401, body: '' })
  try {
    startRuntime(refused.page.platform)
    await settle(30)
    assert.is(refused.page.window.localStorage.getItem('MY_USER_TOKEN'), null)
    assert.ok(refused.page.document.querySelector('[data-login-dialog]'))
  } finally {
    await refused.page.close()
  }
})

signIn('a reader without the group: the form (modal), no request for the page; forceLogin: the form on a public page, with no way to close it', async () => {
  const world = open({ url: 'http://site.test/docs/Private/notice', token: reader, shell: true })
  try {
    startRuntime(world.page.platform)
    await settle(30)
    assert.ok(world.page.document.querySelector('[data-login-dialog]'))
    assert.not.ok(world.bearers.has('/_docsgen/gate/page/docs/Private/notice'))
    assert.ok(privateItem(world).hidden)
  } finally {
    await world.page.close()
  }
  const forced = open({ config: loginConfig({ forceLogin: true }) })
  try {
    startRuntime(forced.page.platform)
    await settle(30)
    assert.ok(forced.page.document.querySelector('[data-login-dialog]'))
    assert.is(forced.page.document.querySelector('.login-dialog-close'), null)
  } finally {
    await forced.page.close()
  }
})

signIn('a nav item that cannot be drawn is an error naming its config; the others are drawn', async () => {
  const world = open({ token: admin })
  world.page.answers.set('/_docsgen/gate/navigation', { body: [{ path: '/docs/Private/admin', kind: 'navbar', label: 'Admin area', href: '/docs/Private/admin' }, { path: '/docs/Private/x', kind: 'footer', label: 'X', column: 'Nowhere', href: '/docs/Private/x' }, { path: '/docs/Private/y', kind: 'navbar', href: 'javascript:alert(1)', label: 'Y' }, { path: '/docs/Private/z', kind: 'navbar', href: '/\\evil.example', label: 'Z' }] })
  try {
    startRuntime(world.page.platform)
    await settle(30)
    assert.equal([...world.page.document.querySelectorAll('[data-private-nav]')].map((element) => element.textContent), ['Admin area', 'Admin area'])
    assert.equal(world.page.warnings, [
      'docsgen: the nav item {"path":"/docs/Private/x","kind":"footer","label":"X","column":"Nowhere","href":"/docs/Private/x"} could not be drawn: the footer has no column "Nowhere"',
      'docsgen: the nav item {"path":"/docs/Private/y","kind":"navbar","href":"javascript:alert(1)","label":"Y"} could not be drawn: it needs a label and a site path to link to',
      'docsgen: the nav item {"path":"/docs/Private/z","kind":"navbar","href":"/\\\\evil.example","label":"Z"} could not be drawn: it needs a label and a site path to link to',
    ])
  } finally {
    await world.page.close()
  }
})

signIn('the token as the page reads it: groups (by groups_claim_name when named), expired, anonymous and unreadable tokens sign nobody in', () => {
  assert.equal(readUserToken(admin, now)?.groups, ['admins'])
  assert.equal(readUserToken(token({ groups_claim_name: 'roles', roles: ['ops', 3] }), now)?.groups, ['ops'])
  for (const bad of [token({ exp: now / 1000 - 1 }), token({ exp: undefined }), token({ person_type: 'anonymous' }), 'a.b', 'x.!!.y', `x.${Buffer.from('[1]').toString('base64url')}.y`, null])
    assert.is(readUserToken(bad, now), undefined, String(bad))
})

signIn('the rules: every group of every rule covering the path; none listed: any signed-in reader', () => {
  const rules = [
    { pattern: '^\\/docs\\/A(?:\\/.*)?$', groups: ['a'] },
    { pattern: '^\\/docs\\/A\\/B(?:\\/.*)?$', groups: ['b'] },
    { pattern: '^\\/docs\\/Open(?:\\/.*)?$', groups: [] },
  ]
  assert.equal(requiredGroups('/docs/A/B/c', rules), ['a', 'b'])
  assert.is(requiredGroups('/docs/Z', rules), undefined)
  assert.ok(mayOpen(undefined, undefined))
  assert.not.ok(mayOpen(undefined, []))
  assert.ok(mayOpen({ token: 't', groups: [] }, []))
  assert.not.ok(mayOpen({ token: 't', groups: ['a'] }, ['a', 'b']))
})

signIn.run()
