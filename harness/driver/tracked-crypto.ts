/**
 * A WebCrypto object whose `subtle` calls count as real work: digests and signatures run on the
 * thread pool, so on a busy machine they take longer than any fixed number of event-loop turns.
 */
import type { RealWork } from './real-work.js'

export function trackedCrypto<C extends { readonly subtle: object }>(crypto: C, work: RealWork): C {
  const subtle = new Proxy(crypto.subtle, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        const result = value.apply(target, args) as unknown
        return result instanceof Promise ? work.track(result, `crypto.subtle.${String(key)}`) : result
      }
    },
  })
  // Node's methods (getRandomValues, randomUUID) insist on the real object as `this`.
  return new Proxy(crypto, {
    get(target, key) {
      if (key === 'subtle') return subtle
      const value = Reflect.get(target, key, target) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
