/**
 * The not-found page's script that turns it into the sign-in shell for a path under a private
 * rule (src/client/shell/sign-in-shell.ts). It is written into the page itself, so a static host
 * needs no other file. The canonical path is worked out by the same code the gate uses.
 */
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

// Bundled from its TypeScript sources (the package ships src/) whether docsgen runs from src/ or
// dist/, as the runtime is (bundle-client.ts): a site must be the same bytes whichever built it.
const entry = fileURLToPath(new URL('../../../src/client/shell/sign-in-shell-entry.ts', import.meta.url))

export async function bundleSignInShell(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    logLevel: 'silent',
  })
  // The code goes inside a <script> element; nothing in it may close that element early.
  return result.outputFiles[0]!.text.trim().replace(/<\/(script)/gi, '<\\/$1')
}
