import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkFixture } from '../../helpers/check-fixture.js'

// The config runs on a thread of its own: what it does there must not end, stall or fail the build.
// A config that loads takes moments, but a busy machine must not turn that into a timeout; only
// the endless one is given a short limit, which it waits out.
const check = (name: string, userCodeTimeLimitMs = 20_000) => checkFixture(name, { userCodeTimeLimitMs })

test('a config that calls process.exit(0) is a configuration error, and the build goes on to report it', async () => {
  assert.equal(await check('config-exit'), {
    exitCode: 2,
    messages: [
      'site.config.ts: error: The config called process.exit(0) while loading. A config must evaluate to its default export without ending the process. [docsgen:config-invalid]',
    ],
  })
})

test('a config that never finishes loading is stopped at the time limit', async () => {
  assert.equal(await check('config-endless', 300), {
    exitCode: 2,
    messages: [
      'site.config.ts: error: The config did not finish loading within 0.3 s. Look for an endless loop or a wait that never ends; a config must evaluate in moments. [docsgen:config-invalid]',
    ],
  })
})

test('a config that throws in a module it imports is reported where that module threw, in a folder whose name begins with ".." too', async () => {
  assert.equal(await check('config-dotdot-module'), {
    exitCode: 2,
    messages: ['..shared/title.ts:2:9: error: The config threw while loading: SITE_TITLE is not set. Fix the error in the config file; it must evaluate without throwing. [docsgen:config-invalid]'],
  })
})

test('a config that throws from a timer after it exported its value: the value is used, the throw never runs', async () => {
  assert.equal(await check('config-late-throw'), { exitCode: 0, messages: [] })
  // Had the timer run in this process, it would have thrown here, after the check passed.
  await new Promise((resolve) => setTimeout(resolve, 100))
})

test('getters and Proxies that throw, functions and Promises: each a diagnostic at its key', async () => {
  assert.equal(await check('config-getters'), {
    exitCode: 2,
    messages: [
      'site.config.ts:2:7: error: Listing the keys of "navbar" threw: navbar keys unavailable. Write the value itself, not a getter or Proxy that computes it. [docsgen:config-invalid]',
      'site.config.ts:11:7: error: Reading "title" threw: title unavailable. Write the value itself, not a getter or Proxy that computes it. [docsgen:config-invalid]',
      'site.config.ts:14:3: error: "tagline" is a function, not a plain value. Export plain values: text, numbers, true or false, lists and objects. [docsgen:config-invalid]',
      'site.config.ts:15:3: error: "url" is a Promise, not a plain value. Export plain values: text, numbers, true or false, lists and objects. [docsgen:config-invalid]',
    ],
  })
})

test.run()
