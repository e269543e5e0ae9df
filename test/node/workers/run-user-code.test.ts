import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runUserCode } from '../../../src/node/workers/run-user-code.js'

test('code that holds ever more memory is stopped at the memory limit, in the step it was in', async () => {
  const outcome = await runUserCode(new URL('../../fixtures/workers/hoard-worker.ts', import.meta.url), undefined, 60_000, 32)
  assert.equal(outcome, { kind: 'out-of-memory', step: 'hoarding' })
})

test.run()
