/** The not-found page's script (bundled by src/node/bundle/bundle-sign-in-shell.ts). */
import { showSignInShell } from './sign-in-shell.js'

showSignInShell(document, location.pathname)
