/**
 * The not-found page is also the sign-in shell on a static host. No private page is published,
 * so the host answers a private path with its 404 page. For a path under a private rule, that
 * page shows "sign in" instead of "not found", as the gate's shell does, whether or not a page
 * exists there. This is only what the reader sees: the gate decides who reads what.
 */
import { canonicalPath } from '../../shared/canonical-path.js'

/** The id of the JSON script holding the SignInShellData, on the not-found page. */
export const SIGN_IN_SHELL_DATA_ID = 'docsgen-sign-in-shell'

export interface SignInShellData {
  /** The path the site is served under, starting and ending with "/". */
  readonly baseUrl: string
  /** RegExp sources of the private-path rules, over canonical route paths. */
  readonly patterns: readonly string[]
  /** The shell's heading, and its document title. */
  readonly heading: string
  readonly title: string
}

/** Switches the page to the sign-in shell when `pathname` is under a private rule; returns whether it did. */
export function showSignInShell(document: Document, pathname: string): boolean {
  const data = readData(document)
  const notFound = document.querySelector<HTMLElement>('[data-not-found]')
  const shell = document.querySelector<HTMLElement>('[data-sign-in-shell]')
  const heading = document.querySelector('main h1')
  if (data === undefined || notFound === null || shell === null || heading === null || !pathname.startsWith(data.baseUrl)) return false
  const path = canonicalPath(pathname.slice(data.baseUrl.length - 1))
  if (path === undefined || !data.patterns.some((pattern) => matches(pattern, path))) return false
  notFound.hidden = true
  shell.hidden = false
  heading.textContent = data.heading
  document.title = data.title
  return true
}

function readData(document: Document): SignInShellData | undefined {
  try {
    const data = JSON.parse(document.getElementById(SIGN_IN_SHELL_DATA_ID)?.textContent ?? '') as SignInShellData
    return typeof data.baseUrl === 'string' && Array.isArray(data.patterns) && typeof data.heading === 'string' && typeof data.title === 'string' ? data : undefined
  } catch {
    return undefined
  }
}

function matches(pattern: string, path: string): boolean {
  try {
    return new RegExp(pattern).test(path)
  } catch {
    return false
  }
}
