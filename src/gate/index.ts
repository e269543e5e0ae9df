/**
 * The gate (src/gate/README.md): private pages served only to readers whose provider token
 * allows them. `createGate` is the portable handler; `createFolderStore` backs it with the
 * private folder in Node, `createKeyValueStore` with any key-value store.
 */
export { createGate, type Gate } from './create-gate.js'
export { ASYMMETRIC_ALGORITHMS, MAX_CLOCK_TOLERANCE_SECONDS, type FetchEdge, type GateOptions } from './gate-options.js'
export { createFolderStore } from './folder-store.js'
export { createKeyValueStore, type KeyValueStoreOptions, type PrivateStore, type StoredValue } from './private-store.js'
export { GateManifestError, readGateManifest, type GateIndex } from './read-gate-manifest.js'
export { MAX_TOKEN_LENGTH } from './verify-token.js'
