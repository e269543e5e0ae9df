/** The Node API of docsgen: what the package publishes (src/index.ts) and all the CLI uses. */
export { build } from './build.js'
export type { BuildOptions, BuildResult, StageTiming } from './build.js'
export { withWidgetPage } from './bundle/with-widget-page.js'
export { defineConfig } from './config/define-config.js'
export type { SiteConfig, LoginConfig, NavItemConfig, PrivatePathConfig } from './config/define-config.js'
export { systemErrorReason } from './diagnostics/system-error-reason.js'
export { formatReport } from './format-report.js'
