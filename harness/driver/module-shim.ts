/**
 * ES modules for happy-dom. happy-dom compiles module scripts with its own regex-based
 * compiler, which misreads some minified code (a regex literal after `||`, as in the widget
 * bundle), so the harness serves each JavaScript module as a small stub instead: the stub imports
 * the module's own imports and re-exports what the real code, compiled by esbuild to CommonJS and
 * run in the window's context with Node's `vm`, exports. The code the page runs is unchanged.
 */
import { createHash } from 'node:crypto'
import { build } from 'esbuild'
import vm from 'node:vm'

interface CompiledModule {
  readonly id: string
  readonly script: vm.Script
  readonly imports: readonly string[]
  readonly exports: readonly string[]
}

/** The window property the stubs call; not a name a site would use. */
export const MODULE_REGISTRY = '__docsgenHarnessModules'

const compiled = new Map<string, Promise<CompiledModule | undefined>>()

async function compile(source: string, url: string): Promise<CompiledModule | undefined> {
  const id = createHash('sha256').update(source).digest('hex').slice(0, 16)
  const stdin = { contents: source, sourcefile: url, loader: 'js' as const }
  const esm = await build({ stdin, write: false, format: 'esm', metafile: true, logLevel: 'silent' })
  const input = Object.values(esm.metafile.inputs)[0]
  // Classic scripts (no import or export) run through happy-dom unchanged.
  if (input?.format !== 'esm') return undefined
  const dynamic = input.imports.find((entry) => entry.kind === 'dynamic-import')
  if (dynamic) throw new Error(`${url}: dynamic import() of '${dynamic.path}' is not supported by the harness's module loader; import it statically`)
  const cjs = await build({ stdin, write: false, format: 'cjs', logLevel: 'silent' })
  return {
    id,
    script: new vm.Script(`(function (module, exports, require) {${cjs.outputFiles[0]!.text}\n})`, { filename: url }),
    imports: input.imports.map((entry) => entry.path),
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

/** Installs the registry the stubs call on a window; `known` gives the compiled modules served to it. */
export function installModuleRegistry(window: Record<string, unknown>, known: (id: string) => CompiledModule | undefined): void {
  const instances = new Map<string, unknown>()
  window[MODULE_REGISTRY] = (id: string, imports: Record<string, unknown>) => {
    if (instances.has(id)) return instances.get(id)
    const module = known(id)
    if (!module) throw new Error(`the harness has no module ${id}`)
    const record = { exports: {} as Record<string, unknown> }
    const require = (path: string) => {
      if (!(path in imports)) throw new Error(`module ${id} requires '${path}', which it does not import`)
      return imports[path]
    }
    ;(module.script.runInContext(window as vm.Context) as (m: unknown, e: unknown, r: unknown) => void)(record, record.exports, require)
    instances.set(id, record.exports)
    return record.exports
  }
}

export type { CompiledModule }
