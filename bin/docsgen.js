#!/usr/bin/env node
// React's development build checks every element and prop, which doubles the cost of rendering
// a site; building is production work. NODE_ENV=development brings back React's warnings.
process.env.NODE_ENV ??= 'production'
// Node 22.1+ keeps the compiled code of the modules it loads on disk, so the next start skips
// compiling them; older Node has no such cache and starts as it always did.
const { enableCompileCache } = await import('node:module')
enableCompileCache?.()
const { main } = await import('../dist/bin/docsgen.js')

process.exitCode = await main(process.argv.slice(2))
