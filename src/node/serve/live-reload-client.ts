/**
 * The script `docsgen serve` adds to every HTML page it serves (never to the files of the build):
 * it listens on the live-reload socket, reloads the page when its own route changed, and shows
 * the failed rebuild's diagnostics in an overlay, built with textContent only (a diagnostic
 * quotes the author's text, which must never become markup). Plain ES2017, no bundling: it is
 * served as it is written here.
 */

/** The tag put before `</body>` of each served page. */
export function liveReloadTag(scriptHref: string, socketHref: string, baseUrl: string): string {
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return `<script src="${attribute(scriptHref)}" data-socket="${attribute(socketHref)}" data-base="${attribute(baseUrl)}" defer></script>`
}

export function injectLiveReload(html: string, tag: string): string {
  const end = html.lastIndexOf('</body>')
  return end === -1 ? `${html}${tag}` : `${html.slice(0, end)}${tag}${html.slice(end)}`
}

/**
 * Every HTML page `site` answers (public files, the gate's sign-in shell, the 404 page) with the
 * tag; its files stay as built. Validators are dropped both ways: a page cached from
 * `docsgen preview` on the same port must not be revalidated into a served one, nor the reverse.
 */
export function withLiveReload(site: (request: Request) => Promise<Response>, tag: () => string): (request: Request) => Promise<Response> {
  return async (request) => {
    const read = request.method === 'GET' || request.method === 'HEAD'
    const headers = new Headers(request.headers)
    headers.delete('if-none-match')
    const response = await site(read ? new Request(request.url, { method: request.method, headers }) : request)
    if (response.body === null || !response.headers.get('content-type')?.startsWith('text/html')) return response
    const answer = new Headers(response.headers)
    answer.delete('content-length')
    answer.delete('etag')
    answer.set('cache-control', 'no-store')
    return new Response(injectLiveReload(await response.text(), tag()), { status: response.status, statusText: response.statusText, headers: answer })
  }
}

export const LIVE_RELOAD_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  var base = script.getAttribute('data-base') || '/';
  var socketURL = new URL(script.getAttribute('data-socket'), location.href);
  socketURL.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  var state = (window.__docsgenLive = { messages: 0, connected: false });

  // The page's route as the server names routes: below the base URL, decoded, without
  // .html, /index.html or a final slash.
  function currentRoute() {
    var path = location.pathname;
    if (path.indexOf(base) === 0) path = path.slice(base.length - 1);
    path = path.split('/').map(function (segment) {
      try { return decodeURIComponent(segment); } catch (error) { return segment; }
    }).join('/');
    path = path.replace(/\\/index\\.html$/, '/').replace(/\\.html$/, '');
    return path.length > 1 && path.slice(-1) === '/' ? path.slice(0, -1) : path;
  }

  // The site's private rules, as the build put them in every page for its runtime.
  function isPrivate() {
    var config = document.getElementById('docsgen-config');
    try {
      var patterns = JSON.parse(config.textContent).privatePatterns || [];
      var route = currentRoute();
      return patterns.some(function (pattern) { return new RegExp(pattern).test(route); });
    } catch (error) {
      return false;
    }
  }

  function element(tag, text, style) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (style) node.setAttribute('style', style);
    return node;
  }

  function location_(item) {
    return item.file + (item.line ? ':' + item.line + (item.column ? ':' + item.column : '') : '');
  }

  function hideOverlay() {
    var old = document.getElementById('docsgen-overlay');
    if (old) old.remove();
  }

  function showOverlay(diagnostics) {
    hideOverlay();
    var overlay = element('div', '', 'position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(20,20,24,.92);color:#f4f4f5;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:32px');
    overlay.id = 'docsgen-overlay';
    overlay.setAttribute('role', 'alertdialog');
    overlay.setAttribute('aria-labelledby', 'docsgen-overlay-title');
    var title = element('h2', 'The rebuild failed: this page shows the last good build', 'margin:0 0 8px;font-size:18px;color:#fca5a5');
    title.id = 'docsgen-overlay-title';
    overlay.appendChild(title);
    overlay.appendChild(element('p', 'Fix the file and save: this message goes away by itself. The terminal shows the same report.', 'margin:0 0 16px;color:#d4d4d8'));
    var list = element('ul', '', 'list-style:none;margin:0;padding:0');
    diagnostics.forEach(function (item) {
      var entry = element('li', '', 'margin:0 0 14px;padding:10px 12px;border-left:4px solid ' + (item.severity === 'error' ? '#f87171' : '#facc15') + ';background:rgba(255,255,255,.06)');
      entry.className = 'docsgen-overlay-diagnostic';
      entry.appendChild(element('div', location_(item) + '  ' + item.severity + '  [' + item.ruleId + ']', 'color:#93c5fd'));
      entry.appendChild(element('div', item.message, 'white-space:pre-wrap'));
      if (item.suggestion) entry.appendChild(element('div', 'Fix: ' + item.suggestion, 'color:#86efac;white-space:pre-wrap'));
      list.appendChild(entry);
    });
    overlay.appendChild(list);
    var close = element('button', 'Dismiss', 'margin-top:8px;padding:6px 14px;font:inherit;cursor:pointer');
    close.type = 'button';
    close.addEventListener('click', hideOverlay);
    overlay.appendChild(close);
    document.body.appendChild(overlay);
    close.focus();
  }

  function connect() {
    var socket = new WebSocket(socketURL.href);
    socket.onopen = function () { state.connected = true; };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      state.messages++;
      if (message.type === 'error') showOverlay(message.diagnostics);
      else if (message.type === 'ok') hideOverlay();
      else if (message.type === 'reload') {
        hideOverlay();
        if (message.routes === 'all' || message.routes.indexOf(currentRoute()) !== -1 || (message.private && isPrivate())) location.reload();
      }
    };
    // The server restarted or went away: try again, and reload once it is back (the build may be new).
    socket.onclose = function () {
      var wasConnected = state.connected;
      state.connected = false;
      setTimeout(function () { wasConnected ? waitThenReload() : connect(); }, 1000);
    };
  }

  function waitThenReload() {
    fetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(function () { location.reload(); }, function () { setTimeout(waitThenReload, 1000); });
  }

  connect();
})();
`
