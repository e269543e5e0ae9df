// One cold build in this process; prints its figures as JSON on the last line (used by bench.mjs).
// Production mode, as bin/docsgen.js sets it.
process.env.NODE_ENV ??= 'production'
const { build } = await import('../dist/node/build.js')

const started = performance.now()
const result = await build({ siteDir: process.argv[2] })
const wallMs = performance.now() - started
const usage = process.resourceUsage()
if (result.exitCode !== 0) {
  console.error(result.diagnostics.slice(0, 20))
  process.exit(1)
}
console.log(
  JSON.stringify({
    wallMs,
    cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    maxRssKb: usage.maxRSS,
    pages: result.pages.public + result.pages.private,
    stages: result.stages,
  }),
)
