process.env.NODE_ENV = 'production'
const { loadConfig } = await import('./dist/node/config/load-config.js')
const { Worker } = await import('node:worker_threads')
const times = { config: [], bare: [] }
for (let i = 0; i < 8; i++) {
  let t = performance.now(); await loadConfig('.'); times.config.push(performance.now() - t)
  t = performance.now(); const w = new Worker('require("node:worker_threads").parentPort.postMessage(1)', { eval: true }); await new Promise((r) => w.once('message', r)); await w.terminate(); times.bare.push(performance.now() - t)
}
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1].toFixed(0)
console.log('loadConfig median', med(times.config), 'ms; bare worker', med(times.bare), 'ms')
