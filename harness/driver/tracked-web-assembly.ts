/**
 * A WebAssembly object whose asynchronous compiles and instantiations count as real work: they
 * run on other threads (a search engine's module, say), so on a busy machine they take longer
 * than any fixed number of event-loop turns, and virtual time must wait for them.
 */
import type { RealWork } from './real-work.js'

const ASYNC = new Set(['compile', 'instantiate', 'compileStreaming', 'instantiateStreaming'])

export function trackedWebAssembly<W extends object>(webAssembly: W, work: RealWork): W {
  return new Proxy(webAssembly, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown
      if (typeof value !== 'function' || !ASYNC.has(String(key))) return value
      return (...args: unknown[]) => {
        // The page's realm has its own Promise: anything with a `then` is the answer to wait for.
        const result = value.apply(target, args) as PromiseLike<unknown>
        return work.track(Promise.resolve(result), `WebAssembly.${String(key)}`)
      }
    },
  })
}
