/**
 * The not-found page's script that turns it into the sign-in shell for a path under a private
 * rule (src/client/shell/sign-in-shell.ts). It is written into the page itself, so a static host
 * needs no other file. The canonical path is worked out by the same code the gate uses.
 */
import { fileURLToPath } from 'node:url'
import { bundledSources, prebuilt, type Made } from './prebuilt-bundle.js'

// Bundled from its TypeScript sources (the package ships src/) whether docsgen runs from src/ or
// dist/, as the runtime is (bundle-client.ts): a site must be the same bytes whichever built it.
const entry = fileURLToPath(new URL('../../../src/client/shell/sign-in-shell-entry.ts', import.meta.url))

/** The shell's script, as made when docsgen was compiled (prebuilt-bundle.ts) or afresh. */
export function bundleSignInShell(): Promise<string> {
  return prebuilt('sign-in-shell', makeSignInShell)
}

export async function makeSignInShell(): Promise<Made<string>> {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    logLevel: 'silent',
    metafile: true,
  })
  // The code goes inside a <script> element; nothing in it may close that element early.
  return { value: result.outputFiles[0]!.text.trim().replace(/<\/(script)/gi, '<\\/$1'), sources: bundledSources(result.metafile) }
}
