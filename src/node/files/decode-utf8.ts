/**
 * A file's bytes as text, which they must be in UTF-8: Latin-1 or Windows-1252 bytes, UTF-16
 * (with or without a byte order mark), overlong or surrogate encodings are refused with the byte
 * and place of the first problem, never silently turned into U+FFFD.
 */

export type DecodedText =
  | { readonly text: string; readonly problem?: undefined }
  | { readonly text?: undefined; readonly problem: { readonly line: number; readonly column: number; readonly message: string; readonly suggestion: string } }

const decoder = new TextDecoder('utf-8', { fatal: true })

export function decodeUtf8(bytes: Uint8Array): DecodedText {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return problemAt(bytes, 0, 'The file is UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8')
  const nul = bytes.indexOf(0)
  if (nul !== -1) return problemAt(bytes, nul, `The file holds a NUL byte at byte offset ${nul}, which UTF-8 text never does: it may be UTF-16`)
  try {
    return { text: decoder.decode(bytes) }
  } catch {
    const offset = firstInvalidByte(bytes)
    const hex = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0')
    return problemAt(bytes, offset, `The file is not valid UTF-8: the byte 0x${hex} at byte offset ${offset} does not begin or continue a UTF-8 character`)
  }
}

function problemAt(bytes: Uint8Array, offset: number, message: string): DecodedText {
  const lineStart = offset === 0 ? 0 : bytes.lastIndexOf(0x0a, offset - 1) + 1
  let line = 1
  for (let index = bytes.indexOf(0x0a); index !== -1 && index < lineStart; index = bytes.indexOf(0x0a, index + 1)) line++
  // The line up to the problem is valid UTF-8: its length in characters is the column before it.
  const column = decoder.decode(bytes.subarray(lineStart, offset)).length + 1
  return { problem: { line, column, message, suggestion: 'Save the file as UTF-8; editors call it "UTF-8" or "Unicode (UTF-8)".' } }
}

/**
 * The offset of the first byte that is not part of a well-formed UTF-8 sequence (Unicode's table
 * of well-formed byte sequences): no overlong forms, no surrogates, nothing above U+10FFFF.
 */
function firstInvalidByte(bytes: Uint8Array): number {
  let index = 0
  while (index < bytes.length) {
    const lead = bytes[index]!
    if (lead < 0x80) {
      index++
      continue
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0
    if (length === 0) return index
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf
    for (let next = 1; next < length; next++) {
      const byte = bytes[index + next]
      if (byte === undefined || byte < (next === 1 ? low : 0x80) || byte > (next === 1 ? high : 0xbf)) return index
    }
    index += length
  }
  return index
}
