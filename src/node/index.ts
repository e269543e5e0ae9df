/** The Node API of docsgen; the CLI is a thin layer over it. */
export { build } from './build.js'
export type { BuildOptions, BuildResult, StageTiming } from './build.js'
export { defineConfig } from './config/define-config.js'
export type { SiteConfig, LoginConfig, NavItemConfig, PrivatePathConfig } from './config/define-config.js'
export { formatReport } from './diagnostics/format-report.js'
