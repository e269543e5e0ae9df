/**
 * What a Docusaurus config gets for a package that is not installed: one value, made on the
 * config's thread and put on a global, that both `require` and the compiled config's imports
 * hand out (see load-docusaurus-config.ts).
 */

/** The global the stand-in is kept under. */
export const standInKey = '__docsgenStandIn'

/**
 * A value that is whatever its user takes it for: callable, constructible, any property, any
 * named export. With `passConfig` (a VitePress config), a call with an object gives that object
 * back: VitePress configs are wrapped by their plugins' functions (`withPwa(defineConfig({…}))`),
 * which return the config they are given, extended.
 */
export function createStandIn(passConfig = false): unknown {
  const anyName: object = new Proxy({}, { get: (target, key) => (typeof key === 'symbol' ? undefined : stub) })
  const stub: object = new Proxy(function standIn() {}, {
    get: (target, key) =>
      key === 'then' || key === '__esModule' ? undefined : key === Symbol.toPrimitive ? () => '' : key === Symbol.iterator ? function* empty() {} : typeof key === 'symbol' ? undefined : stub,
    apply: (target, self, args: unknown[]) => (passConfig && typeof args[0] === 'object' && args[0] !== null && !Array.isArray(args[0]) ? args[0] : stub),
    construct: () => stub,
    getPrototypeOf: () => anyName,
  })
  return stub
}
