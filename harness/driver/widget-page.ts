/**
 * The built-in page `page: widget`: the login widget alone, from its real browser bundle, signing
 * in to the emulator (as `docsgen provider`'s /widget.html does, with every widget option). The
 * page records the SDK's events for the `events` steps; options travel as JSON, never as markup.
 */
import { EVENT_NAMES } from '../../src/identity/index.js'
import type { WidgetPageOptions } from '../scenario/scenario.js'

export const WIDGET_ORIGIN = 'http://widget.localhost'
/** Where the page's script finds what the SDK published. */
export const EVENTS_PROPERTY = '__docsgenHarnessEvents'

/** JSON that is safe inside a script element. */
const scriptJSON = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

export function widgetPageHTML(bundleFileName: string, options: WidgetPageOptions, providerURL: string): string {
  const config = {
    client: { oid: options.oid, baseURL: providerURL, tokenStorage: options.tokenStorage, analyticsEnabled: options.analytics, anonymousUsersEnabled: options.anonymousUsers },
    widget: options.widget,
    switchTo: options.switchTo ?? null,
    events: EVENT_NAMES,
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Login widget</title></head>
<body>
<main><section id="widget" aria-label="Login widget"></section><p id="status" role="status"></p></main>
<script type="application/json" id="harness-options">${scriptJSON(config)}</script>
<script type="module">
import { LoginForm, OrganizationSwitchForm, createIdentityClient, mount } from '/widget/${bundleFileName}'
const config = JSON.parse(document.getElementById('harness-options').textContent)
const status = document.getElementById('status')
const element = document.getElementById('widget')
const events = (window.${EVENTS_PROPERTY} = [])
const client = createIdentityClient(config.client)
for (const name of config.events) client.subscribe(name, () => events.push(name))
const signedIn = (user) => (status.textContent = 'Signed in to ' + user.oid + '.')
client.start().then(() => {
  const form = mount(element, LoginForm, { client, ...config.widget, onSuccess: (user) => {
    signedIn(user)
    if (!config.switchTo) return
    form.unmount()
    mount(element, OrganizationSwitchForm, { client, ...config.widget, oid: config.switchTo, onSuccess: signedIn })
  } })
}, (error) => (status.textContent = 'The SDK did not start: ' + error.message))
</script>
</body></html>
`
}
