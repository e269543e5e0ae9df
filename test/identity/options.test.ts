import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { resolveOptions, type IdentityOptions } from '../../src/identity/options.js'
import { IdentityError } from '../../src/identity/errors.js'

function rejects(options: unknown, message: string) {
  try {
    resolveOptions(options as IdentityOptions)
  } catch (error) {
    assert.instance(error, IdentityError)
    assert.is((error as IdentityError).code, 'invalidSlashIDConfigurationError')
    assert.is((error as IdentityError).message, message)
    return
  }
  assert.unreachable(`expected: ${message}`)
}

test('defaults: production URLs, analytics on, memory storage, 30 s request deadline', () => {
  const options = resolveOptions({ oid: 'org' })
  assert.is(options.baseURL, 'https://api.slashid.com')
  assert.is(options.sdkURL, 'https://cdn.slashid.com/sdk.html')
  assert.is(options.analyticsEnabled, true)
  assert.is(options.tokenStorage, 'memory')
  assert.is(options.requestTimeoutMs, 30_000)
  assert.equal(options.cookie, { path: '/' })
  assert.ok(Object.isFrozen(options))
})

test('environments and explicit URLs; a trailing slash is dropped', () => {
  assert.is(resolveOptions({ oid: 'o', environment: 'sandbox' }).baseURL, 'https://api.sandbox.slashid.com')
  const custom = resolveOptions({ oid: 'o', environment: { baseURL: 'http://127.0.0.1:8787/api/', sdkURL: 'http://127.0.0.1:8787/sdk.html' } })
  assert.is(custom.baseURL, 'http://127.0.0.1:8787/api')
  assert.is(resolveOptions({ oid: 'o', baseURL: 'http://localhost:1' }).sdkURL, 'https://cdn.slashid.com/sdk.html')
})

test('the options object is required', () => {
  rejects(undefined, 'The options object is required')
  rejects(null, 'The options object is required')
})

test('environment rules', () => {
  rejects({ oid: 'o', environment: 'staging' }, `"environment" must be 'production', 'sandbox' or an object with "baseURL" and "sdkURL" strings, got 'staging'`)
  rejects({ oid: 'o', environment: { baseURL: 'https://a.test' } }, `"environment" must be 'production', 'sandbox' or an object with "baseURL" and "sdkURL" strings, got {"baseURL":"https://a.test"}`)
  rejects({ oid: 'o', environment: 'sandbox', baseURL: 'https://a.test' }, '"environment" cannot be combined with "baseURL" or "sdkURL"')
  rejects({ oid: 'o', environment: 'sandbox', sdkURL: 'https://a.test' }, '"environment" cannot be combined with "baseURL" or "sdkURL"')
})

test('URL checks', () => {
  rejects({ oid: 'o', baseURL: 'ftp://a.test' }, `"baseURL" must be a valid http or https URL, got 'ftp://a.test'`)
  rejects({ oid: 'o', baseURL: 'not a url' }, `"baseURL" must be a valid http or https URL, got 'not a url'`)
  rejects({ oid: 'o', sdkURL: '::' }, `"sdkURL" must be a valid URL, got '::'`)
  rejects({ oid: 'o', environment: { baseURL: 'x', sdkURL: 'https://a' } }, `"environment.baseURL" must be a valid http or https URL, got 'x'`)
})

test('oid is required (and a string) when analytics or IdP-initiated SSO is on', () => {
  rejects({}, '"oid" is required when analytics is enabled')
  rejects({ analyticsEnabled: false, idpInitiatedSSOEnabled: true }, '"oid" is required when identity-provider-initiated SSO is enabled')
  rejects({ oid: 42 }, '"oid" must be a non-empty string, got 42')
  assert.is(resolveOptions({ analyticsEnabled: false }).oid, undefined)
})

test('other keys: storage kind, token type, cookie expiry, timeouts, unknown keys', () => {
  rejects({ oid: 'o', tokenStorage: 'indexedDB' }, `"tokenStorage" must be 'memory', 'localStorage' or 'cookie', got 'indexedDB'`)
  rejects({ oid: 'o', initialToken: 5 }, '"initialToken": token must be a string')
  rejects({ oid: 'o', cookie: { expires: '10W' } }, `"cookie.expires" must be a count followed by one unit of Y, M, D, h, m, s (e.g. '30D'), got '10W'`)
  rejects({ oid: 'o', requestTimeoutMs: 0 }, '"requestTimeoutMs" must be a positive number of milliseconds, got 0')
  rejects({ oid: 'o', analyticsEnabled: 'yes' }, `"analyticsEnabled" must be a boolean, got 'yes'`)
  rejects({ oid: 'o', baseUrl: 'https://a.test' }, 'Unknown option "baseUrl"')
  assert.equal(resolveOptions({ oid: 'o', cookie: { expires: '12h' } }).cookie, { expires: '12h', path: '/' })
})

test.run()
