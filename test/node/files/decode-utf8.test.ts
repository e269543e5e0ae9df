import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { decodeUtf8 } from '../../../src/node/files/decode-utf8.js'
import { checkFixture } from '../../helpers/check-fixture.js'

const saveAsUtf8 = 'Save the file as UTF-8; editors call it "UTF-8" or "Unicode (UTF-8)". [docsgen:encoding-invalid]'

test('Markdown, category files and component page modules that are not UTF-8: the first bad byte and where it is', async () => {
  assert.equal(await checkFixture('encodings'), {
    exitCode: 1,
    messages: [
      `content/docs/_category_.json:1:16: error: The file is not valid UTF-8: the byte 0xE9 at byte offset 15 does not begin or continue a UTF-8 character. ${saveAsUtf8}`,
      `content/docs/latin1.md:1:6: error: The file is not valid UTF-8: the byte 0xE9 at byte offset 5 does not begin or continue a UTF-8 character. ${saveAsUtf8}`,
      `content/docs/overlong.md:3:17: error: The file is not valid UTF-8: the byte 0xC0 at byte offset 28 does not begin or continue a UTF-8 character. ${saveAsUtf8}`,
      `content/docs/surrogate.md:3:18: error: The file is not valid UTF-8: the byte 0xED at byte offset 30 does not begin or continue a UTF-8 character. ${saveAsUtf8}`,
      `content/docs/utf16-bom.md:1:1: error: The file is UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8. ${saveAsUtf8}`,
      `content/docs/utf16-no-bom.md:1:2: error: The file holds a NUL byte at byte offset 1, which UTF-8 text never does: it may be UTF-16. ${saveAsUtf8}`,
      `content/pages/strings.ts:2:28: error: The file is not valid UTF-8: the byte 0xE9 at byte offset 59 does not begin or continue a UTF-8 character. ${saveAsUtf8}`,
    ],
  })
})

test('a module the config imports that is not UTF-8 is a configuration error', async () => {
  assert.equal(await checkFixture('config-latin1'), {
    exitCode: 2,
    messages: [`strings.ts:2:26: error: The file is not valid UTF-8: the byte 0xE9 at byte offset 104 does not begin or continue a UTF-8 character. ${saveAsUtf8}`],
  })
})

test('a module the config imports from a folder whose name begins with ".." is checked too: it is inside the site', async () => {
  assert.equal(await checkFixture('config-dotdot-latin1'), {
    exitCode: 2,
    messages: [`..shared/strings.ts:2:26: error: The file is not valid UTF-8: the byte 0xE9 at byte offset 104 does not begin or continue a UTF-8 character. ${saveAsUtf8}`],
  })
})

test('byte sequences: what UTF-8 allows decodes, every ill-formed sequence is refused at its first byte', () => {
  const at = (...bytes: number[]) => decodeUtf8(Uint8Array.from([0x61, 0x0a, 0x62, ...bytes])).problem?.column
  // Two, three and four bytes, the largest code point, a byte order mark kept out of the text.
  assert.equal(decodeUtf8(Uint8Array.from([0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xf4, 0x8f, 0xbf, 0xbf])), {
    text: 'é€😀\u{10ffff}',
  })
  assert.is(at(0xc1, 0xbf), 2, 'overlong two-byte form')
  assert.is(at(0xe0, 0x80, 0xaf), 2, 'overlong three-byte form')
  assert.is(at(0xf0, 0x80, 0x80, 0xaf), 2, 'overlong four-byte form')
  assert.is(at(0xed, 0xbf, 0xbf), 2, 'a surrogate')
  assert.is(at(0xf4, 0x90, 0x80, 0x80), 2, 'above U+10FFFF')
  assert.is(at(0xf5, 0x80, 0x80, 0x80), 2, 'a lead byte never used')
  assert.is(at(0xc3, 0xa9, 0xe2, 0x82), 3, 'a sequence cut short by the end of the file')
  assert.is(at(0x80), 2, 'a continuation byte alone')
})

test.run()
