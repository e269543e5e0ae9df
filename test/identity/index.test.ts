import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
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

const root = fileURLToPath(new URL('../../src/identity/', import.meta.url))

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  })
}

test('the SDK ships to browsers: only relative imports, no node:*, no React, no third-party code', () => {
  for (const file of sources(root)) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(/(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const specifier = match[1] ?? match[2]!
      assert.ok(specifier.startsWith('./') || specifier.startsWith('../'), `${file}: imports '${specifier}'`)
      assert.not.ok(specifier.includes('/emulator/') || specifier.includes('/node/') || specifier.includes('/widget/'), `${file}: imports '${specifier}'`)
    }
    assert.not.match(text, /\bprocess\.|\bBuffer\b|\brequire\(/, `${file} uses a Node global`)
  }
})

test('methods offered per handle type (spec 001 §5)', () => {
  assert.equal(identity.methodsForHandleType('email_address', true), ['webauthn', 'email_link', 'otp_via_email', 'password', 'totp'])
  assert.equal(identity.methodsForHandleType('phone_number', false), ['sms_link', 'otp_via_sms', 'password', 'totp'])
  assert.equal(identity.methodsForHandleType('username', true), ['password', 'totp'])
})

test.run()
