// Loaded with --import into a `docsgen build` process by bench.mjs. As the process exits, writes
// the build's stages (the `docsgen:*` measures build.ts puts on the performance timeline, with the
// memory in use as each ended and the peak so far) and the process's resource usage, as JSON, to
// the file named by BENCH_PROBE_OUT. The CLI itself runs exactly as people run it.
import { writeFileSync } from 'node:fs'

const out = process.env.BENCH_PROBE_OUT
if (out) {
  process.on('exit', () => {
    const usage = process.resourceUsage()
    const stages = performance
      .getEntriesByType('measure')
      .filter((entry) => entry.name.startsWith('docsgen:'))
      .map((entry) => entry.detail)
    writeFileSync(out, JSON.stringify({ stages, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssKb: usage.maxRSS }))
  })
}
