#!/usr/bin/env node
// React's development build checks every element and prop, which doubles the cost of rendering
// a site; building is production work. NODE_ENV=development brings back React's warnings.
process.env.NODE_ENV ??= 'production'
const { main } = await import('../dist/cli/main.js')

process.exitCode = await main(process.argv.slice(2))
