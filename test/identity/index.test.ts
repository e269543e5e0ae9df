import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as identity from '../../src/identity/index.js'

test('should expose the public api', () => {
  assert.equal(Object.keys(identity).sort(), [
    'ERROR_MESSAGES',
    'EVENT_NAMES',
    'IdentityError',
    'SDK_VERSION',
    'assertHandleFitsFactor',
    'checkPasswordRules',
    'createIdentityClient',
    'createUser',
    'decodeTokenPayload',
    'isIdentityError',
    'methodsForHandleType',
  ])
})

test('methods offered per handle type (spec 001 §5)', () => {
  assert.equal(identity.methodsForHandleType('email_address', true), ['webauthn', 'email_link', 'otp_via_email', 'password', 'totp'])
  assert.equal(identity.methodsForHandleType('phone_number', false), ['sms_link', 'otp_via_sms', 'password', 'totp'])
  assert.equal(identity.methodsForHandleType('username', true), ['password', 'totp'])
})

test.run()
