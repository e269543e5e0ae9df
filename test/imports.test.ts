/**
 * The import rules of docs/architecture.md, for every area of src/: which area may import which,
 * the build's stages only forward, and no cycle anywhere (type-only imports count: a cycle of
 * types is still two modules that cannot be read one without the other). harness/ is read too,
 * so that its imports of src/ are known to resolve.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repository = fileURLToPath(new URL('../', import.meta.url))

interface Import {
  readonly file: string
  readonly specifier: string
  /** Path in the repository for relative imports (`src/node/content/parse-content.ts`), undefined for packages. */
  readonly target: string | undefined
  readonly typeOnly: boolean
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(path) && !path.endsWith('.d.ts') ? [path] : []
  })
}

const files = [...sources(join(repository, 'src')), ...sources(join(repository, 'harness'))].map((path) => relative(repository, path).split('\\').join('/'))

function importsOf(file: string): Import[] {
  const text = readFileSync(join(repository, file), 'utf8')
  const found: Import[] = []
  for (const match of text.matchAll(/^\s*(import|export)(\s+type)?\b[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)) {
    const specifier = match[3] ?? match[4] ?? match[5]!
    // A module named at run time (`./widget/${name}` in a page's script) is no import of ours.
    if (specifier.includes('${')) continue
    const target = specifier.startsWith('.') ? relative(repository, resolve(dirname(join(repository, file)), specifier)).split('\\').join('/').replace(/\.js$/, '') : undefined
    found.push({ file, specifier, target: target === undefined ? undefined : resolveSource(target), typeOnly: match[2] !== undefined })
  }
  return found
}

function resolveSource(target: string): string {
  for (const candidate of [`${target}.ts`, `${target}.tsx`, target]) if (files.includes(candidate)) return candidate
  return target
}

const imports = files.flatMap(importsOf)
/** `src/node/build.ts` → `node`; harness/ is one area. */
const area = (path: string) => (path.startsWith('src/') ? path.split('/')[1]! : path.split('/')[0]!)
const nodeStages = ['config', 'content', 'manifest', 'validate', 'render', 'write'] as const
/** Folders of src/node below every stage: any stage may use them, they use no stage. */
const nodeHelpers = ['diagnostics', 'files', 'workers']
const REACT = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-dom/server']

function nodeLevel(path: string): number {
  const folder = path.split('/')[2]!
  if (nodeHelpers.includes(folder)) return -1
  const stage = (nodeStages as readonly string[]).indexOf(folder)
  // bundle/ makes the browser's bundles the render stage links: it sits with render.
  if (folder === 'bundle') return nodeStages.indexOf('render')
  return stage === -1 ? Number.POSITIVE_INFINITY : stage
}

function problems(rule: (item: Import) => string | undefined): string[] {
  return imports.flatMap((item) => {
    const problem = rule(item)
    return problem === undefined ? [] : [`${item.file} imports '${item.specifier}': ${problem}`]
  })
}

test('every area is known to these rules', () => {
  assert.equal([...new Set(files.map(area))].sort(), ['cli', 'client', 'emulator', 'gate', 'harness', 'identity', 'index.ts', 'node', 'shared', 'widget'])
})

test('src/shared imports only itself: pure code, no packages, no Node', () => {
  assert.equal(
    problems((item) => (area(item.file) !== 'shared' ? undefined : item.target === undefined ? (item.typeOnly ? undefined : 'a package') : area(item.target) !== 'shared' ? 'outside src/shared' : undefined)),
    [],
  )
})

test('the SDK ships to browsers: src/identity imports only itself and src/shared, no packages, no Node', () => {
  assert.equal(problems((item) => (area(item.file) !== 'identity' ? undefined : item.target === undefined ? 'a package' : ['identity', 'shared'].includes(area(item.target)) ? undefined : 'outside src/identity and src/shared')), [])
  for (const file of files.filter((path) => area(path) === 'identity')) assert.not.match(readFileSync(join(repository, file), 'utf8'), /\bprocess\.|\bBuffer\b|\brequire\(/, `${file} uses a Node global`)
})

test('the theme (src/client) imports only itself, src/shared and React', () => {
  assert.equal(problems((item) => (area(item.file) !== 'client' ? undefined : item.target === undefined ? (REACT.includes(item.specifier) ? undefined : 'a package other than React') : ['client', 'shared'].includes(area(item.target)) ? undefined : 'outside src/client and src/shared')), [])
})

test('the widget imports only itself, the SDK’s public index, src/shared, react and react-dom; no Node', () => {
  assert.equal(
    problems((item) => {
      if (area(item.file) !== 'widget') return undefined
      if (item.target === undefined) return REACT.includes(item.specifier) && item.specifier !== 'react-dom/server' ? undefined : 'a package other than react and react-dom'
      return ['widget', 'shared'].includes(area(item.target)) || item.target === 'src/identity/index.ts' ? undefined : "use src/identity/index.ts, src/shared or the widget's own modules"
    }),
    [],
  )
  for (const file of files.filter((path) => area(path) === 'widget')) assert.not.match(readFileSync(join(repository, file), 'utf8'), /\bprocess\.|\bBuffer\b|\brequire\(|from 'node:/, `${file} uses Node`)
})

test('the emulator imports only itself and src/shared (never the build, the CLI or the browser code)', () => {
  assert.equal(problems((item) => (area(item.file) !== 'emulator' || item.target === undefined ? undefined : ['emulator', 'shared'].includes(area(item.target)) ? undefined : 'outside src/emulator and src/shared')), [])
})

test('the gate imports only itself, src/shared and jose; only its folder store uses Node (it runs on edge runtimes too)', () => {
  assert.equal(
    problems((item) => {
      if (area(item.file) !== 'gate') return undefined
      if (item.target === undefined) return item.specifier === 'jose' || (item.file === 'src/gate/folder-store.ts' && item.specifier.startsWith('node:')) ? undefined : 'a package other than jose'
      return ['gate', 'shared'].includes(area(item.target)) ? undefined : 'outside src/gate and src/shared'
    }),
    [],
  )
  for (const file of files.filter((path) => area(path) === 'gate' && path !== 'src/gate/folder-store.ts')) assert.not.match(readFileSync(join(repository, file), 'utf8'), /\bprocess\.|\bBuffer\b|\brequire\(|NodeJS/, `${file} uses Node`)
})

test('the build (src/node) imports no CLI, SDK, widget or emulator code', () => {
  assert.equal(problems((item) => (area(item.file) !== 'node' || item.target === undefined ? undefined : ['node', 'shared', 'client'].includes(area(item.target)) ? undefined : 'outside src/node, src/shared and the theme')), [])
})

test('the stages import only forward: config → content → manifest → validate → render → write', () => {
  assert.equal(
    problems((item) => {
      if (area(item.file) !== 'node' || item.target === undefined || area(item.target) !== 'node') return undefined
      const from = nodeLevel(item.file)
      const to = nodeLevel(item.target)
      if (to <= from && !(from === -1 && to !== -1)) return undefined
      return from === -1 ? 'a helper below the stages imports a stage' : 'a later stage (or the build itself)'
    }),
    [],
  )
})

test('the CLI reaches the build only through the Node API: src/node/index.ts or a module it publishes from', () => {
  // A command may import one published module (build.js) so as not to load the rest of the API (the server).
  const published = new Set(['src/node/index.ts', ...imports.filter((item) => item.file === 'src/node/index.ts' && item.target !== undefined).map((item) => item.target!)])
  assert.equal(problems((item) => (area(item.file) !== 'cli' || item.target === undefined || area(item.target) !== 'node' || published.has(item.target) ? undefined : 'use src/node/index.ts')), [])
})

test('no import cycle anywhere in src/ or harness/', () => {
  const edges = new Map<string, string[]>(files.map((file) => [file, []]))
  for (const item of imports) if (item.target !== undefined && edges.has(item.file) && edges.has(item.target)) edges.get(item.file)!.push(item.target)
  const cycles: string[] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    path.push(file)
    for (const next of edges.get(file)!) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' → '))
      else if (!state.has(next)) visit(next)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of edges.keys()) if (!state.has(file)) visit(file)
  assert.equal(cycles, [])
})

test('every relative import names a source file', () => {
  assert.equal(problems((item) => (item.target === undefined || files.includes(item.target) || item.target.endsWith('.css') ? undefined : 'no such file')), [])
})

test.run()
