import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { base32Decode, totp, totpFromKeyURI } from './helpers.js'

// RFC 6238 Appendix B (8 digits), each algorithm with its own seed.
const SEEDS = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
}
const VECTORS: Array<[number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
]

test('the test authenticator reproduces RFC 6238 Appendix B', () => {
  for (const [time, sha1, sha256, sha512] of VECTORS) {
    assert.is(totp(SEEDS.sha1, time, { digits: 8 }), sha1, `SHA1 @${time}`)
    assert.is(totp(SEEDS.sha256, time, { digits: 8, algorithm: 'sha256' }), sha256, `SHA256 @${time}`)
    assert.is(totp(SEEDS.sha512, time, { digits: 8, algorithm: 'sha512' }), sha512, `SHA512 @${time}`)
  }
})

test('6-digit codes from a key URI; step boundaries; base32 of the RFC seed', () => {
  assert.equal(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'), SEEDS.sha1)
  const uri = 'otpauth://totp/Docs:ada?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Docs'
  assert.is(totpFromKeyURI(uri, 29_000), '755224')
  assert.is(totpFromKeyURI(uri, 30_000), '287082')
  assert.is(totpFromKeyURI(uri, 59_000), '287082')
  assert.is(totpFromKeyURI('otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', 1_700_000_000_000), '324550')
})

test.run()
