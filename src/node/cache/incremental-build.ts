/**
 * Builds of one site, one after another, each reusing what the last ones parsed and rendered
 * (build-cache.ts): what `docsgen serve` calls on every change it sees.
 */
import { build, type BuildOptions, type BuildResult } from '../build.js'

export interface IncrementalBuild {
  /**
   * Builds the site again. `changedPaths`: the source files changed since the last build
   * (relative to siteDir), when the caller knows; without it every Markdown file is compared
   * with the cache. The result's `changedRoutes` are the routes whose pages were written again or
   * removed. Builds must not overlap: await one before starting the next.
   */
  readonly build: (changedPaths?: readonly string[]) => Promise<BuildResult>
}

export function createIncrementalBuild(options: Omit<BuildOptions, 'cache' | 'changedPaths' | 'write'>): IncrementalBuild {
  let running = false
  return {
    async build(changedPaths) {
      if (running) throw new Error('createIncrementalBuild: a build is already running; await it before starting the next')
      running = true
      try {
        return await build({ ...options, changedPaths })
      } finally {
        running = false
      }
    },
  }
}
