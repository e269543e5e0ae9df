import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { base64urlToBytes, bytesToBase64url, codeChallengeS256, createCodeVerifier } from '../../src/identity/encoding.js'
import { appendixBCrypto, nodeCrypto } from './helpers.js'

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

test('RFC 7636 Appendix B: octets → verifier → S256 challenge', async () => {
  const verifier = createCodeVerifier(appendixBCrypto)
  assert.is(verifier, VERIFIER)
  assert.is(await codeChallengeS256(nodeCrypto, verifier), CHALLENGE)
})

test('a random verifier is 43 characters of the RFC 7636 alphabet', () => {
  const verifier = createCodeVerifier(nodeCrypto)
  assert.match(verifier, /^[A-Za-z0-9\-._~]{43}$/)
})

test('base64url round trip without padding; bad characters rejected', () => {
  const bytes = Uint8Array.from([0xfb, 0xff, 0xfe, 0x00])
  assert.is(bytesToBase64url(bytes), '-__-AA')
  assert.equal([...base64urlToBytes('-__-AA')], [...bytes])
  assert.equal([...base64urlToBytes('-__-AA==')], [...bytes])
  assert.throws(() => base64urlToBytes('a+b/'), /not base64url/)
})

test.run()
