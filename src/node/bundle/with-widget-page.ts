/**
 * A page to try the login widget by hand against the provider emulator (`docsgen provider`):
 * `/widget.html` (the widget beside the emulator's outbox) and its bundle, answered in front of
 * the emulator's handler; everything else goes to the emulator. Query parameters choose the
 * organization (`oid`), the factors (`factors=otp_via_email,password`) and the theme
 * (`theme=light|dark|auto`); they are read by the page's script, never written into the HTML.
 */
import { bundleWidget, type WidgetBundle } from './bundle-widget.js'

export type RequestHandler = (request: Request) => Promise<Response>

export const DEFAULT_PAGE_FACTORS = 'otp_via_email,otp_via_sms,email_link,password,totp'

function widgetPage(bundleFileName: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>docsgen provider — login widget</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 1.5rem; line-height: 1.45; }
  body.dark { background: #0f1115; color: #e8eaed; }
  body.light { background: #ffffff; color: #1f2328; }
  h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
  .layout { display: grid; grid-template-columns: minmax(320px, 440px) 1fr; gap: 1.5rem; align-items: start; margin-top: 1rem; }
  iframe { width: 100%; height: 80vh; border: 1px solid #8c959f; border-radius: 8px; background: #fff; }
  @media (max-width: 800px) { .layout { grid-template-columns: 1fr; } }
</style></head>
<body>
<h1>Login widget</h1>
<p>Sign in against this emulator; codes and links appear in the outbox. Options in the address:
<code>?factors=${DEFAULT_PAGE_FACTORS}&amp;theme=light|dark|auto&amp;oid=org-docs</code></p>
<p id="status" role="status"></p>
<div class="layout">
  <section id="widget" aria-label="Login widget"></section>
  <iframe src="./" title="Outbox"></iframe>
</div>
<script type="module">
import { LoginForm, createIdentityClient, mount, resolveWidgetConfig } from './widget/${bundleFileName}'
const params = new URLSearchParams(location.search)
const status = document.getElementById('status')
const options = {
  factors: (params.get('factors') || '${DEFAULT_PAGE_FACTORS}').split(',').filter(Boolean).map((method) => ({ method })),
  theme: { mode: params.get('theme') || 'auto' },
}
document.body.className = options.theme.mode === 'auto' ? '' : options.theme.mode
try {
  resolveWidgetConfig(options)
  const client = createIdentityClient({ oid: params.get('oid') || 'org-docs', baseURL: location.origin, analyticsEnabled: false })
  await client.start()
  mount(document.getElementById('widget'), LoginForm, {
    client,
    ...options,
    onSuccess: (user) => (status.textContent = 'Signed in as ' + (user.authentications.at(-1)?.handle?.value ?? user.personId) + ' (' + user.oid + ').'),
  })
} catch (error) {
  status.textContent = String(error.message)
}
</script>
</body></html>
`
}

/** Wraps a provider handler so it also answers the widget page and its bundle (built on first use). */
export function withWidgetPage(handler: RequestHandler, build: () => Promise<WidgetBundle> = bundleWidget): RequestHandler {
  let bundle: Promise<WidgetBundle> | undefined
  const headers = (type: string, cache: string) => ({ 'Content-Type': type, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' })
  return async (request) => {
    const { pathname } = new URL(request.url)
    const isPage = pathname === '/widget.html'
    if ((request.method !== 'GET' && request.method !== 'HEAD') || (!isPage && !pathname.startsWith('/widget/'))) return handler(request)
    let built: WidgetBundle
    try {
      built = await (bundle ??= build())
    } catch (error) {
      bundle = undefined
      return new Response(`Could not build the login widget: ${(error as Error).message}\n`, { status: 500, headers: headers('text/plain; charset=utf-8', 'no-store') })
    }
    // HEAD gets the same answer; the server sends no body for it.
    if (isPage) return new Response(widgetPage(built.fileName), { headers: headers('text/html; charset=utf-8', 'no-store') })
    if (pathname === `/widget/${built.fileName}`) {
      return new Response(built.contents.slice(), { headers: headers('text/javascript; charset=utf-8', 'public, max-age=31536000, immutable') })
    }
    return handler(request)
  }
}
