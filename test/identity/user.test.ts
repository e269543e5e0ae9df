import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createUser, decodeTokenPayload } from '../../src/identity/user.js'
import { IdentityError } from '../../src/identity/errors.js'
import { makeToken } from './helpers.js'

test('the user is decoded from the token payload', () => {
  const token = makeToken({ oid: 'org-docs', person_id: 'pid_9', groups: ['admins'], first_token: true, authenticated_methods: ['password'] })
  const user = createUser(token)
  assert.is(user.token, token)
  assert.is(user.oid, 'org-docs')
  assert.is(user.personId, 'pid_9')
  assert.is(user.personType, 'regular')
  assert.is(user.anonymous, false)
  assert.equal(user.groups, ['admins'])
  assert.equal(user.authenticatedMethods, ['password'])
  assert.is(user.authentications[0]!.method, 'otp_via_email')
  assert.is(user.firstLogin, true)
})

test('anonymous person type, groups_claim_name, missing groups', () => {
  assert.is(createUser(makeToken({ person_type: 'anonymous' })).anonymous, true)
  assert.equal(createUser(makeToken({ groups_claim_name: 'roles', roles: ['editors'] })).groups, ['editors'])
  assert.is(createUser(makeToken({ groups: undefined })).groups, undefined)
  assert.is(createUser(makeToken({ groups: 'admins' })).groups, undefined)
})

test('the RFC 7519 §6.1 unsecured JWT decodes (the SDK never checks signatures)', () => {
  const token = 'eyJhbGciOiJub25lIn0.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.'
  assert.equal(decodeTokenPayload(token), { iss: 'joe', exp: 1300819380, 'http://example.com/is_root': true })
})

test('UTF-8 claims survive', () => {
  assert.is(createUser(makeToken({ person_id: 'Ådä 🦕' })).personId, 'Ådä 🦕')
})

test('a token container carries the user token', () => {
  const inner = makeToken({ person_id: 'inner' })
  const user = createUser(makeToken({ user_token: inner }))
  assert.is(user.token, inner)
  assert.is(user.personId, 'inner')
})

test('not a string, not three parts, not JSON: invalidActionError', () => {
  const cases: Array<[unknown, string]> = [
    [{ token: 1 }, 'token must be a string'],
    ['abc', 'error when decoding token'],
    ['a.b', 'error when decoding token'],
    ['a.!!!.c', 'error when decoding token'],
    [`x.${Buffer.from('[1]').toString('base64url')}.`, 'error when decoding token'],
  ]
  for (const [token, message] of cases) {
    assert.throws(
      () => createUser(token),
      (error: unknown) => error instanceof IdentityError && error.code === 'invalidActionError' && error.message === message,
    )
  }
})

test.run()
