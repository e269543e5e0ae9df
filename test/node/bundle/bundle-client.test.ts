import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { gzipSync } from 'node:zlib'
import { bundleClient } from '../../../src/node/bundle/bundle-client.js'

test('the runtime: a minified, content-hashed ES module without React, the search code in a chunk of its own', async () => {
  const bundle = await bundleClient()
  assert.match(bundle.entry, /^_docsgen\/runtime-[A-Z0-9]{8}\.js$/)
  assert.is(bundle.files.length, 2)
  const [entry, chunk] = [bundle.files.find((file) => file.file === bundle.entry)!, bundle.files.find((file) => file.file !== bundle.entry)!]
  assert.match(chunk.file, /^_docsgen\/chunk-[A-Z0-9]{8}\.js$/)
  const code = new TextDecoder().decode(entry.contents)
  const chunkCode = new TextDecoder().decode(chunk.contents)
  assert.not.match(code, /\breact\b|__SECRET_INTERNALS|useState|jsx-runtime/i)
  // The search results code is only imported on first use of the box.
  assert.match(code, `import("./${chunk.file.slice('_docsgen/'.length)}")`)
  assert.not.match(code, /search-results|aria-activedescendant/)
  assert.match(chunkCode, 'aria-activedescendant')
  assert.is(bundle.entryGzipBytes, gzipSync(entry.contents, { level: 9 }).byteLength)
  // A budget that catches an accidental dependency: the whole page may load 30 KB of JavaScript.
  assert.ok(bundle.entryGzipBytes < 12_000, `${bundle.entryGzipBytes} bytes gzipped`)
  assert.is((await bundleClient()).entry, bundle.entry, 'the same sources give the same name')
})

test.run()
