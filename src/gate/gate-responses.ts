/**
 * The gate's answers. Everything it answers is private (`Cache-Control: private, no-store`,
 * `Vary: Authorization`), so no shared cache keeps one reader's answer for another; refusals
 * carry no body, only the reason in `WWW-Authenticate` (RFC 6750), never a byte of a page.
 */

const privateHeaders = {
  'Cache-Control': 'private, no-store',
  Vary: 'Authorization',
  'X-Content-Type-Options': 'nosniff',
}

const realm = 'Bearer realm="docsgen"'

/** A private page, file or navigation list, for a reader who may read it. */
export function privateContent(body: Uint8Array<ArrayBuffer> | string, type: string, request: Request): Response {
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers: { ...privateHeaders, 'Content-Type': type } })
}

/** The sign-in shell: the same page for every path under a private rule, whether or not a page is there. */
export function signInShell(body: Uint8Array<ArrayBuffer>, request: Request): Response {
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 401,
    headers: { ...privateHeaders, 'Content-Type': 'text/html; charset=utf-8', 'WWW-Authenticate': realm },
  })
}

/**
 * A refusal: 401 not signed in (no token, or one that is not valid), 403 signed in without
 * access, 404 nothing there for a reader who may look, 503 the gate cannot decide now.
 */
export function refusal(status: 401 | 403 | 404 | 405 | 414 | 503, reason?: string): Response {
  const headers: Record<string, string> = { ...privateHeaders }
  if (status === 401) headers['WWW-Authenticate'] = reason === undefined ? realm : `${realm}, error="invalid_token", error_description="${reason}"`
  if (status === 403) headers['WWW-Authenticate'] = `${realm}, error="insufficient_scope"`
  if (status === 405) headers.Allow = 'GET, HEAD'
  if (status === 503) headers['Retry-After'] = '5'
  return new Response(null, { status, headers })
}
