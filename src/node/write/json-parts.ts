/**
 * A large JSON file (the manifests: 20 MB at 10 000 docs, 200 MB at 100 000) written in parts,
 * so the build never holds its whole text, nor the bytes of it, at once; V8 cannot even make a
 * string past about 512 MB. The parts joined are exactly `JSON.stringify(value, null, 2)` and a
 * newline: each element of an array the object holds is one part, the rest of the object another.
 */
export function* jsonParts(value: object): Generator<string> {
  // As JSON.stringify: a key whose value has no JSON (undefined, a function) is left out.
  const entries = Object.entries(value).filter(([, item]) => item !== undefined && typeof item !== 'function' && typeof item !== 'symbol')
  if (entries.length === 0 || Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    yield `${JSON.stringify(value, null, 2)}\n`
    return
  }
  for (const [index, [key, item]] of entries.entries()) {
    yield `${index === 0 ? '{\n' : ',\n'}  ${JSON.stringify(key)}: `
    if (!Array.isArray(item) || item.length === 0) {
      yield indented(JSON.stringify(item, null, 2), '  ')
      continue
    }
    yield '[\n'
    for (const [at, element] of item.entries()) yield `${at === 0 ? '' : ',\n'}    ${indented(JSON.stringify(element, null, 2) ?? 'null', '    ')}`
    yield '\n  ]'
  }
  yield '\n}\n'
}

/** JSON text one level deeper: its line breaks are all between tokens (a JSON string has none raw). */
function indented(json: string, by: string): string {
  return json.replaceAll('\n', `\n${by}`)
}
