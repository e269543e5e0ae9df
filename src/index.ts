/** Public entry: `import { defineConfig } from 'docsgen'` in site.config.ts, and the Node API. */
export { build, defineConfig, formatReport } from './node/index.js'
export type { BuildOptions, BuildResult, StageTiming, SiteConfig, LoginConfig, NavItemConfig, PrivatePathConfig } from './node/index.js'
