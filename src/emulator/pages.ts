/** The emulator's few HTML pages: the outbox (a local mail catcher), link results, the sdkURL frame, the IdP and hosted login. */
import { escapeHtml } from '../shared/escape-html.js'
import { DEVELOPMENT_HOSTNAME } from './origins.js'
import type { OutboxMessage } from './types.js'

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { max-width: 56rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.45; }
  h1 { font-size: 1.4rem; margin-bottom: .25rem; }
  p.sub { color: GrayText; margin-top: 0; }
  table { border-collapse: collapse; width: 100%; font-size: .95rem; }
  th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid color-mix(in srgb, CanvasText 15%, transparent); vertical-align: top; }
  code.otp { font-size: 1.2rem; letter-spacing: .15em; font-weight: 600; }
  .empty { padding: 2rem; text-align: center; color: GrayText; }
  form { display: grid; gap: .6rem; max-width: 22rem; }
  input, button { font: inherit; padding: .45rem .6rem; }
  .error { color: #c0392b; }
  button.copy { font-size: .8rem; padding: .15rem .45rem; margin-left: .4rem; }
`

function page(title: string, body: string, extraHead = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style>${extraHead}</head>
<body>${body}</body></html>`
}

/**
 * Every code and link sent, newest first. outbox.js (a same-origin script, so the page's CSP
 * allows no inline script) asks for new rows every 2 s and adds them on top without reloading, so
 * a selection survives; each code and link has a copy button.
 */
export function outboxPage(messages: readonly OutboxMessage[], baseURL: string, testEndpoints: boolean): string {
  const basePath = new URL(baseURL).pathname.replace(/\/+$/, '')
  const api = testEndpoints ? `<p class="sub">Machine-readable: <code>GET ${escapeHtml(baseURL)}/__test/mailbox?handle=&lt;address&gt;</code></p>` : ''
  return page(
    'docsgen provider — outbox',
    `<h1>docsgen provider — outbox</h1><p class="sub">Local identity-provider emulator at <code>${escapeHtml(baseURL)}</code>. Nothing is really sent; every message is listed here as it arrives.</p>${api}
<div class="empty" id="empty"${messages.length === 0 ? '' : ' hidden'}>No messages yet. Sign in on your site with an e-mail address or phone number; codes and links appear here.</div>
<table id="outbox" data-rows="${escapeHtml(`${basePath}/outbox/rows`)}"${messages.length === 0 ? ' hidden' : ''}><thead><tr><th>Sent</th><th>To</th><th>Factor</th><th>Organization</th><th>Code or link</th></tr></thead><tbody>${outboxRows(messages)}</tbody></table>`,
    `<script src="${escapeHtml(`${basePath}/outbox.js`)}" defer></script>`,
  )
}

/** Table rows for `messages`, newest first (the page, and the rows outbox.js adds later). */
export function outboxRows(messages: readonly OutboxMessage[]): string {
  return [...messages]
    .reverse()
    .map((m) => {
      const copy = (text: string) => `<button type="button" class="copy" data-copy="${escapeHtml(text)}">Copy</button>`
      const content = m.otp
        ? `<code class="otp">${escapeHtml(m.otp)}</code> ${copy(m.otp)}`
        : m.link && /^https?:\/\//i.test(m.link)
          ? `<a href="${escapeHtml(m.link)}" target="_blank" rel="noopener">open sign-in link</a> ${copy(m.link)}`
          : ''
      const purpose = m.purpose === 'sign_in' ? '' : ` <small>(${escapeHtml(m.purpose.replace('_', ' '))})</small>`
      const sent = escapeHtml(m.created_at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'))
      return `<tr data-id="${escapeHtml(m.id)}"><td>${sent}</td><td>${escapeHtml(m.handle.value)}</td><td>${escapeHtml(m.method)}${purpose}</td><td>${escapeHtml(m.org_id)}</td><td>${content}</td></tr>`
    })
    .join('\n')
}

/** How often outbox.js asks for new rows, and how long "Copied" shows (the spec's copy confirmation). */
export const OUTBOX_POLL_MS = 2000
export const COPY_CONFIRMATION_MS = 2000

/**
 * The outbox page's script. Rows come from GET outbox/rows?after=<newest id> as HTML the server
 * escaped; a reset emulator (the id is gone) answers `Outbox-Complete: true` with every row.
 */
export const OUTBOX_SCRIPT = `'use strict';
(function () {
  var table = document.getElementById('outbox');
  var empty = document.getElementById('empty');
  var body = table.tBodies[0];
  function newest() { var row = body.querySelector('tr[data-id]'); return row ? row.getAttribute('data-id') : ''; }
  function parseRows(html) {
    var doc = new DOMParser().parseFromString('<table><tbody>' + html + '</tbody></table>', 'text/html');
    return Array.prototype.slice.call(doc.querySelectorAll('tbody > tr'));
  }
  var busy = false;
  function refresh() {
    if (busy) return;
    busy = true;
    var url = table.getAttribute('data-rows') + '?after=' + encodeURIComponent(newest());
    fetch(url, { cache: 'no-store' }).then(function (response) {
      if (!response.ok) return;
      var complete = response.headers.get('Outbox-Complete') === 'true';
      return response.text().then(function (rows) {
        var fresh = parseRows(rows);
        if (complete) while (body.firstChild) body.removeChild(body.firstChild);
        for (var i = fresh.length - 1; i >= 0; i--) body.insertBefore(fresh[i], body.firstChild);
        var none = body.querySelector('tr') === null;
        table.toggleAttribute('hidden', none);
        empty.toggleAttribute('hidden', !none);
      });
    }).catch(function () {}).then(function () { busy = false; });
  }
  setInterval(refresh, ${OUTBOX_POLL_MS});
  window.addEventListener('focus', refresh);
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button.copy');
    if (!button) return;
    navigator.clipboard.writeText(button.getAttribute('data-copy')).then(function () {
      button.textContent = 'Copied';
      setTimeout(function () { button.textContent = 'Copy'; }, ${COPY_CONFIRMATION_MS});
    }, function () { button.textContent = 'Select and copy by hand'; });
  });
})();
`

export function linkResultPage(title: string, detail: string, continueURL?: string): string {
  const link = continueURL && /^https?:\/\//.test(continueURL) ? `<p><a href="${escapeHtml(continueURL)}">Continue to the site</a></p>` : ''
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>${link}`)
}

/**
 * The page at the SDK's sdkURL path: it answers the hidden frame's postMessage requests
 * (ping, storage get/set) so the SDK stops pinging; storage is this origin's localStorage. Only
 * pages of the site's own origins (`siteOrigins`, or development origins) get an answer, sent to
 * that origin alone: any other page could read or overwrite what the SDK stores here.
 */
export function sdkFramePage(siteOrigins: readonly string[]): string {
  // Requests carry a numeric id and a type: 0 storage get {key}, 1 storage set {key, value}, 2 ping; 3–5
  // (passkeys, SSO) are not emulated. Responses carry the same id (and value / error), no type.
  const script = `
    var SITE_ORIGINS = ${scriptJson(siteOrigins)};
    var DEVELOPMENT_HOSTNAME = new RegExp(${scriptJson(DEVELOPMENT_HOSTNAME.source)}, 'i');
    function allowed(origin) {
      if (SITE_ORIGINS.indexOf(origin) >= 0) return true;
      var match = /^https?:\\/\\/([^/:]+|\\[[^\\]]+\\])(:\\d+)?$/.exec(origin);
      return match !== null && DEVELOPMENT_HOSTNAME.test(match[1]);
    }
    window.addEventListener('message', function (event) {
      var data = event.data;
      if (!allowed(event.origin)) return;
      if (!data || typeof data !== 'object' || typeof data.type !== 'number' || data.id === undefined || event.source == null) return;
      var reply = { id: data.id };
      try {
        if (data.type === 0) reply.value = window.localStorage.getItem(data.key);
        else if (data.type === 1) window.localStorage.setItem(data.key, data.value);
        else if (data.type !== 2) reply.error = 'not supported by the docsgen provider emulator';
      } catch (e) { reply.error = String(e); }
      event.source.postMessage(reply, event.origin);
    });`
  return page('docsgen provider — SDK frame', `<p>docsgen provider emulator: SDK frame page.</p><script>${script}</script>`)
}

/** JSON safe inside an inline script (no `</script>` or `<!--` can close or change it). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** The simulated external identity provider (oidc/saml factors): an e-mail address, then a code for existing persons. */
export function idpPage(method: string, view: { email?: string; error?: string } = {}): string {
  const error = view.error ? `<p class="error">${escapeHtml(view.error)}</p>` : ''
  const form = view.email
    ? `<p>A code was sent to <strong>${escapeHtml(view.email)}</strong> (see the outbox).</p>
<form method="post"><input type="hidden" name="email" value="${escapeHtml(view.email)}"><label>Code <input name="otp" inputmode="numeric" autocomplete="one-time-code" required autofocus></label><button type="submit">Sign in</button></form>`
    : `<form method="post"><label>E-mail address <input name="email" type="email" required autofocus></label><button type="submit">Sign in</button></form>`
  return page(
    'Simulated identity provider',
    `<h1>Simulated ${escapeHtml(method.toUpperCase())} identity provider</h1>
<p>This stands in for an external single sign-on provider. Choose the e-mail address to sign in as.</p>${error}${form}`,
  )
}

export interface HostedLoginView {
  loginId?: string
  orgName?: string
  email?: string
  askCode?: boolean
  error?: string
}

/** The hosted login page behind /oauth2/authorize: e-mail, then a one-time code from the outbox. */
export function hostedLoginPage(view: HostedLoginView): string {
  const error = view.error ? `<p class="error">${escapeHtml(view.error)}</p>` : ''
  if (!view.loginId) return page('Sign-in problem', `<h1>Sign-in problem</h1>${error}`)
  const hidden = `<input type="hidden" name="login_id" value="${escapeHtml(view.loginId)}">`
  const form = view.askCode
    ? `<p>A code was sent to <strong>${escapeHtml(view.email ?? '')}</strong> (see the outbox).</p>
<form method="post" action="authorize">${hidden}<input type="hidden" name="email" value="${escapeHtml(view.email ?? '')}">
<label>Code <input name="otp" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required autofocus></label><button type="submit">Continue</button></form>`
    : `<form method="post" action="authorize">${hidden}<label>E-mail address <input name="email" type="email" value="${escapeHtml(view.email ?? '')}" required autofocus></label><button type="submit">Send code</button></form>`
  return page(
    'Sign in',
    `<h1>Welcome to ${escapeHtml(view.orgName ?? 'the product')}</h1><p class="sub">Sign in to your account</p>${error}${form}`,
  )
}
