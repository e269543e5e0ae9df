/** Public entry: `import { defineConfig } from 'docsgen'` in site.config.ts, and the Node API. */
export * from './node/index.js'
