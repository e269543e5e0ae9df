/**
 * What a Docusaurus config gets for a package that is not installed: one value, made on the
 * config's thread and put on a global, that both `require` and the compiled config's imports
 * hand out (see load-docusaurus-config.ts).
 */

/** The global the stand-in is kept under. */
export const standInKey = '__docsgenStandIn'

/** A value that is whatever its user takes it for: callable, constructible, any property, any named export. */
export function createStandIn(): unknown {
  const anyName: object = new Proxy({}, { get: (target, key) => (typeof key === 'symbol' ? undefined : stub) })
  const stub: object = new Proxy(function standIn() {}, {
    get: (target, key) =>
      key === 'then' || key === '__esModule' ? undefined : key === Symbol.toPrimitive ? () => '' : key === Symbol.iterator ? function* empty() {} : typeof key === 'symbol' ? undefined : stub,
    apply: () => stub,
    construct: () => stub,
    getPrototypeOf: () => anyName,
  })
  return stub
}
