// Weighs the JavaScript a browser downloads to show a doc page of a built site: every script the
// page loads in headless Chromium, gzipped (level 9), plus inline scripts. Prints JSON on the last
// line (used by bench.mjs). Usage: node --import tsx scripts/bench-page-weight.ts BUILD_DIR PATH
import { gzipSync } from 'node:zlib'
import { launchChromium } from '../test/helpers/chromium.js'
import { serveFolder } from '../test/helpers/serve-folder.js'

const [folder, path] = process.argv.slice(2)
if (!folder || !path) {
  console.error('usage: node --import tsx scripts/bench-page-weight.ts BUILD_DIR PATH')
  process.exit(2)
}
const server = await serveFolder(folder)
const browser = await launchChromium()
try {
  const page = await browser.newPage()
  const scripts: Promise<{ url: string; gzip: number }>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).byteLength })))
  })
  const answer = await page.goto(`${server.url}${encodeURI(path)}`, { waitUntil: 'networkidle' })
  if (answer?.status() !== 200) throw new Error(`${path} answered ${answer?.status()}`)
  const inline = await page.evaluate(() => [...document.scripts].filter((script) => !script.src && script.type !== 'application/json').map((script) => script.text))
  const files = await Promise.all(scripts)
  const inlineGzip = inline.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).byteLength, 0)
  const html = await page.content()
  console.log(JSON.stringify({ files, inlineGzip, totalGzip: files.reduce((sum, file) => sum + file.gzip, 0) + inlineGzip, htmlGzip: gzipSync(html, { level: 9 }).byteLength }))
} finally {
  await browser.close()
  await server.close()
}
