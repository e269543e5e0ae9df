import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { RealWork } from '../../../harness/driver/real-work.js'
import { trackedWebAssembly } from '../../../harness/driver/tracked-web-assembly.js'

// The smallest module: (module (func (export "answer") (result i32) i32.const 42))
const answerModule = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 127, 3, 2, 1, 0, 7, 10, 1, 6, 97, 110, 115, 119, 101, 114, 0, 0, 10, 6, 1, 4, 0, 65, 42, 11])

test('compiling and instantiating are tracked until they settle; the rest of the object works as before', async () => {
  const work = new RealWork()
  const wasm = trackedWebAssembly(WebAssembly, work)
  const instantiated = wasm.instantiate(answerModule)
  assert.not.ok(work.idle, 'the compile runs off the main thread')
  await work.settled()
  const { instance } = await instantiated
  assert.is((instance.exports.answer as () => number)(), 42)
  assert.ok(work.idle)
  assert.ok(wasm.validate(answerModule))
  assert.is(new wasm.Module(answerModule) instanceof WebAssembly.Module, true)
})

test('a module that does not compile rejects as before and stops counting', async () => {
  const work = new RealWork()
  const wasm = trackedWebAssembly(WebAssembly, work)
  const failed = wasm.compile(new Uint8Array([1, 2, 3])).then(
    () => 'compiled',
    (error: Error) => error.name,
  )
  await work.settled()
  assert.is(await failed, 'CompileError')
  assert.ok(work.idle)
})

test.run()
