/**
 * ES modules for happy-dom. happy-dom compiles module scripts with its own regex-based
 * compiler, which misreads some minified code (a regex literal after `||`, as in the widget
 * bundle), so the harness serves each JavaScript module as a small stub instead: the stub imports
 * the module's own imports and re-exports what the real code, compiled by esbuild to CommonJS and
 * run in the window's context with Node's `vm`, exports. The code the page runs is unchanged, but
 * for its dynamic `import()`s, which the registry loads (see `withDynamicImports`).
 */
import { parse } from 'acorn'
import { simple } from 'acorn-walk'
import { createHash } from 'node:crypto'
import { build, type PluginBuild } from 'esbuild'
import vm from 'node:vm'

interface CompiledModule {
  readonly id: string
  /** Where the module was loaded from: its relative imports resolve against it. */
  readonly url: string
  readonly script: vm.Script
  /** Static imports, as written: the stub imports them, so the page's own loader fetches them. */
  readonly imports: readonly string[]
  readonly exports: readonly string[]
}

/** The window property the stubs call; not a name a site would use. */
export const MODULE_REGISTRY = '__docsgenHarnessModules'
/** What `import(…)` becomes in the compiled code: the registry's loader (see `withDynamicImports`). */
const DYNAMIC_IMPORT = '__docsgenHarnessImport'

const compiled = new Map<string, Promise<CompiledModule | undefined>>()

/**
 * Node's `vm` runs `import()` only with an experimental flag, so each `import(` of the compiled
 * code becomes a call of the registry's loader, found by parsing (minified code defeats text search).
 */
function withDynamicImports(code: string): string {
  const starts: number[] = []
  simple(parse(code, { ecmaVersion: 'latest', sourceType: 'script' }), { ImportExpression: (node) => void starts.push(node.start) })
  let result = ''
  let from = 0
  for (const start of starts.sort((a, b) => a - b)) {
    result += code.slice(from, start) + DYNAMIC_IMPORT
    from = start + 'import'.length
  }
  return result + code.slice(from)
}

async function compile(source: string, url: string): Promise<CompiledModule | undefined> {
  const id = createHash('sha256').update(source).digest('hex').slice(0, 16)
  const stdin = { contents: source, sourcefile: url, loader: 'js' as const }
  // Bundling with every import left external is what makes esbuild list the imports, with their kinds.
  const external = { name: 'external', setup: (build: PluginBuild) => build.onResolve({ filter: /.*/ }, ({ path }) => ({ path, external: true })) }
  const esm = await build({ stdin, write: false, bundle: true, format: 'esm', metafile: true, logLevel: 'silent', plugins: [external] })
  const input = Object.values(esm.metafile.inputs)[0]
  // Classic scripts (no import or export) run through happy-dom unchanged.
  if (input?.format !== 'esm') return undefined
  // import.meta has no CommonJS form: its url is the module's own, as a browser gives it.
  const cjs = await build({ stdin, write: false, format: 'cjs', logLevel: 'silent', define: { 'import.meta.url': JSON.stringify(url) } })
  const code = withDynamicImports(cjs.outputFiles[0]!.text)
  return {
    id,
    url,
    script: new vm.Script(`(function (module, exports, require, ${DYNAMIC_IMPORT}) {${code}\n})`, { filename: url }),
    imports: input.imports.filter((entry) => entry.kind !== 'dynamic-import').map((entry) => entry.path),
    exports: Object.values(esm.metafile.outputs)[0]!.exports,
  }
}

/** The text to hand happy-dom for a JavaScript response: a stub for a module, the source for a classic script. */
export async function moduleStub(source: string, url: string): Promise<{ text: string; module: CompiledModule | undefined }> {
  const key = createHash('sha256').update(url).update('\0').update(source).digest('hex')
  let entry = compiled.get(key)
  if (!entry) compiled.set(key, (entry = compile(source, url)))
  const module = await entry
  if (!module) return { text: source, module }
  const imports = module.imports.map((path, index) => `import * as __d${index} from ${JSON.stringify(path)};`)
  const map = `{${module.imports.map((path, index) => `${JSON.stringify(path)}: __d${index}`).join(', ')}}`
  const exported = module.exports.filter((name) => /^[A-Za-z_$][\w$]*$/.test(name))
  const text = [
    ...imports,
    `const __m = window.${MODULE_REGISTRY}(${JSON.stringify(module.id)}, ${map});`,
    ...exported.map((name) => (name === 'default' ? 'export default __m.default;' : `export const ${name} = __m.${name};`)),
  ].join('\n')
  return { text, module }
}

/**
 * Installs the registry the stubs call on a window. `known` gives the modules served to it;
 * `load` fetches and compiles one by URL for a dynamic `import()` (undefined: not a module).
 */
export function installModuleRegistry(
  window: Record<string, unknown>,
  known: (id: string) => CompiledModule | undefined,
  load: (url: string) => Promise<CompiledModule | undefined>,
): void {
  const instances = new Map<string, Record<string, unknown>>()
  const loadModule = async (url: string): Promise<Record<string, unknown>> => {
    const module = await load(url)
    if (!module) throw new (window.TypeError as typeof TypeError)(`Failed to fetch dynamically imported module: ${url}`)
    if (instances.has(module.id)) return instances.get(module.id)!
    const imports: Record<string, unknown> = {}
    for (const path of module.imports) imports[path] = await loadModule(new URL(path, module.url).href)
    return instantiate(module, imports)
  }
  const instantiate = (module: CompiledModule, imports: Record<string, unknown>): Record<string, unknown> => {
    const existing = instances.get(module.id)
    if (existing) return existing
    const record = { exports: {} as Record<string, unknown> }
    // Registered before it runs, so an import cycle sees the module (as CommonJS would) instead of running it twice.
    instances.set(module.id, record.exports)
    const require = (path: string) => {
      if (!(path in imports)) throw new Error(`module ${module.id} requires '${path}', which it does not import`)
      return imports[path]
    }
    const dynamicImport = (specifier: unknown) => loadModule(new URL(String(specifier), module.url).href)
    ;(module.script.runInContext(window as vm.Context) as (m: unknown, e: unknown, r: unknown, i: unknown) => void)(record, record.exports, require, dynamicImport)
    instances.set(module.id, record.exports)
    return record.exports
  }
  window[MODULE_REGISTRY] = (id: string, imports: Record<string, unknown>) => {
    const module = known(id)
    if (!module) throw new Error(`the harness has no module ${id}`)
    return instantiate(module, imports)
  }
}

export type { CompiledModule }
