import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ERROR_MESSAGES, IdentityError, errorFromServer, isIdentityError, toIdentityError } from '../../src/identity/errors.js'

const cases: Array<[number, string, string, string]> = [
  [403, 'person cannot be registered', 'handlePatternNotAllowed', 'person cannot be registered'],
  [403, 'person is not active', 'signUpAwaitingApproval', 'person is not active'],
  [403, 'Person pid_1 is inactive', 'signInAwaitingApproval', 'Person pid_1 is inactive'],
  [403, 'no password set', 'noPasswordSet', 'no password set'],
  [403, 'self-registration not allowed for this organization', 'selfRegistrationNotAllowed', 'self-registration not allowed for this organization'],
  [401, 'authentication has expired', 'timeout', 'authentication has expired'],
  [403, 'authentication has expired', 'timeout', 'authentication has expired'],
  [429, 'too many requests', 'rateLimit', 'too many requests'],
  [409, 'person exists', 'personExists', 'Person with the given handle already exists'],
  [400, 'malformed e-mail address: "x"', 'invalidEmailAddressFormat', 'Email address is malformed'],
  [400, 'malformed phone number: "+1"', 'invalidPhoneNumberFormat', 'Phone number is malformed'],
  [400, 'unreachable phone number: "+1555"', 'unreachablePhoneNumber', 'Phone number is unreachable'],
  [400, "selected scope 'evil.test' is not equal to or a registrable domain suffix of origin 'https://docs.test'", 'badPasskeyScope', "selected scope 'evil.test' is not equal to or a registrable domain suffix of origin 'https://docs.test'"],
  [500, 'internal error', 'apiResponseError', 'internal error'],
  [403, 'forbidden', 'apiResponseError', 'forbidden'],
  [409, 'conflict', 'apiResponseError', 'conflict'],
]

for (const [status, message, code, text] of cases) {
  test(`${status} '${message}' → ${code}`, () => {
    const error = errorFromServer(status, [{ httpcode: status, message }])
    assert.is(error.code, code)
    assert.is(error.message, text)
    assert.is(error.httpStatus, status)
    assert.is(error.serverMessage, message)
  })
}

test('the decision is taken on errors[0].httpcode; no errors gives a generic message', () => {
  assert.is(errorFromServer(200, [{ httpcode: 429, message: 'slow down' }]).code, 'rateLimit')
  const bare = errorFromServer(502, undefined)
  assert.is(bare.code, 'apiResponseError')
  assert.is(bare.message, 'The provider answered HTTP 502')
})

test('names, flowCancelled text, and wrapping of non-Error values', () => {
  const cancelled = new IdentityError('flowCancelled', ERROR_MESSAGES.flowCancelled)
  assert.is(cancelled.name, 'FlowCancelledError')
  assert.is(cancelled.message, 'The flow has been cancelled!')
  assert.ok(isIdentityError(cancelled, 'flowCancelled'))
  assert.not.ok(isIdentityError(cancelled, 'unknown'))
  assert.is(toIdentityError(cancelled), cancelled)
  assert.is(toIdentityError(new Error('x')).message, 'x')
  const wrapped = toIdentityError({ odd: true })
  assert.is(wrapped.code, 'unknown')
  assert.is(wrapped.message, '{"odd":true} was thrown as is, not as an Error')
  assert.is(toIdentityError(undefined).message, 'undefined was thrown as is, not as an Error')
})

test.run()
