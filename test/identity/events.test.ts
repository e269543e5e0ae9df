import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { EVENT_NAMES, createEventBus } from '../../src/identity/events.js'
import { recordingLogger } from './helpers.js'

test('the event names are exactly the spec list', () => {
  assert.equal([...EVENT_NAMES], [
    'idFlowStarted', 'idFlowSucceeded', 'idFlowFailed', 'flowCancelled',
    'recoveryFlowStarted', 'recoveryFlowSucceeded', 'recoveryFlowFailed',
    'oauthFlowStarted', 'oauthFlowFailed', 'popupFailed',
    'otpCodeSent', 'otpSmsSent', 'otpCodeSubmitted', 'totpKeyGenerated', 'totpCodeRequested',
    'passwordSetReady', 'passwordVerifyReady', 'passwordResetReady',
    'invalidPasswordSubmitted', 'incorrectPasswordSubmitted', 'otpIncorrectCodeSubmitted',
    'userAuthenticatedFromURL', 'uiCustomizationReceived', 'redirectUriDiscovered',
    'passwordSubmitted', 'authnContextUpdateChallengeReceivedEvent', 'clientSideError',
  ])
})

test('publishing or subscribing to an unknown event throws', () => {
  const bus = createEventBus(recordingLogger().logger)
  assert.throws(() => bus.publish('otpSent' as never, undefined as never), /Cannot publish the unsupported event 'otpSent'/)
  assert.throws(() => bus.subscribe('nope' as never, () => {}), /Cannot subscribe to the unsupported event 'nope'/)
})

test('subscribers get the payload in order; unsubscribe stops delivery', () => {
  const bus = createEventBus(recordingLogger().logger)
  const seen: string[] = []
  const stop = bus.subscribe('otpCodeSubmitted', (code) => seen.push(`a:${code}`))
  bus.subscribe('otpCodeSubmitted', (code) => seen.push(`b:${code}`))
  bus.publish('otpCodeSubmitted', '123456')
  stop()
  bus.publish('otpCodeSubmitted', '654321')
  assert.equal(seen, ['a:123456', 'b:123456', 'b:654321'])
})

test('a throwing subscriber is logged and does not stop the others', () => {
  const { logger, errors } = recordingLogger()
  const bus = createEventBus(logger)
  const seen: string[] = []
  bus.subscribe('flowCancelled', () => {
    throw new Error('bad handler')
  })
  bus.subscribe('flowCancelled', () => seen.push('second'))
  bus.publish('flowCancelled', undefined)
  assert.equal(seen, ['second'])
  assert.match(errors[0]!, "A subscriber of 'flowCancelled' threw; the flow goes on")
})

test.run()
