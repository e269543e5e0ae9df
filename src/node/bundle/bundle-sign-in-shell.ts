/**
 * The not-found page's script that turns it into the sign-in shell for a path under a private
 * rule (src/client/shell/sign-in-shell.ts). It is written into the page itself, so a static host
 * needs no other file. The canonical path is worked out by the same code the gate uses.
 */
import { fileURLToPath } from 'node:url'
import { bundleBrowserScript } from './bundle-browser-script.js'
import { prebuilt, type Made } from './prebuilt-bundle.js'

const entry = fileURLToPath(new URL('../../../src/client/shell/sign-in-shell-entry.ts', import.meta.url))

/** The shell's script, as made when docsgen was compiled (prebuilt-bundle.ts) or afresh. */
export function bundleSignInShell(): Promise<string> {
  return prebuilt('sign-in-shell', makeSignInShell)
}

export async function makeSignInShell(): Promise<Made<string>> {
  const { value, sources } = await bundleBrowserScript(entry, { format: 'iife', target: ['es2020'] })
  // The code goes inside a <script> element; nothing in it may close that element early.
  return { value: value.trim().replace(/<\/(script)/gi, '<\\/$1'), sources }
}
