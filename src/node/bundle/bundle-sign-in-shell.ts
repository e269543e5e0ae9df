/**
 * The not-found page's script that turns it into the sign-in shell for a path under a private
 * rule (src/client/shell/sign-in-shell.ts). It is written into the page itself, so a static host
 * needs no other file. The canonical path is worked out by the same code the gate uses.
 */
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

// Running from src/ (tests, tsx) the entry is TypeScript; from dist/ it is the compiled module.
const here = import.meta.url
const entry = fileURLToPath(new URL(`../../client/shell/sign-in-shell-entry${here.endsWith('.ts') ? '.ts' : '.js'}`, here))

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
