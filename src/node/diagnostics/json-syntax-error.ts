/**
 * What is wrong with text JSON.parse refused, and where, in our words. JSON.parse's own message
 * is the JavaScript engine's and changes with it (Node 20: "… at position 19", Node 24: "… at
 * position 19 (line 1 column 20)"), so it is never shown; jsonc-parser's scanner, run in strict
 * mode, finds the first error and its offset.
 */
import jsonc from 'jsonc-parser'

/** By jsonc-parser's names for its error codes (a const enum, so not importable as values). */
const reasons: Readonly<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":" after the property name',
  CommaExpected: 'expected "," before the next entry',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the list',
  EndOfFileExpected: 'unexpected text after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'the string is not closed',
  UnexpectedEndOfNumber: 'the number is cut short',
  InvalidUnicode: 'invalid \\u escape in the string',
  InvalidEscapeCharacter: 'invalid escape in the string',
  InvalidCharacter: 'a control character (a tab or line break) in the string; write it as \\t or \\n',
}

/** The first syntax error of `text`, for text JSON.parse refused; offset undefined if none is found. */
export function jsonSyntaxError(text: string): { offset: number | undefined; message: string } {
  if (text.trim() === '') return { offset: 0, message: 'Invalid JSON: the file is empty' }
  // jsonc-parser descends recursively: deep enough nesting would overflow the stack.
  const tooDeep = offsetTooDeep(text)
  if (tooDeep !== undefined) return { offset: tooDeep, message: `Invalid JSON: nested more than ${maxDepth} levels deep` }
  const errors: jsonc.ParseError[] = []
  jsonc.parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false })
  const first = errors[0]
  if (!first) return { offset: undefined, message: 'Invalid JSON' }
  const code = jsonc.printParseErrorCode(first.error)
  const reason = first.offset >= text.length ? 'the file ends too early' : (reasons[code] ?? 'unexpected text')
  const found = code === 'InvalidSymbol' ? ` ${JSON.stringify(text.slice(first.offset, first.offset + 1))}` : ''
  return { offset: first.offset, message: `Invalid JSON: ${reason}${found}` }
}

const maxDepth = 64

/** Where brackets outside strings first nest deeper than maxDepth, if they do. */
function offsetTooDeep(text: string): number | undefined {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const character = text[index]
    if (inString) {
      if (character === '\\') index++
      else if (character === '"') inString = false
    } else if (character === '"') inString = true
    else if (character === '[' || character === '{') {
      if (++depth > maxDepth) return index
    } else if (character === ']' || character === '}') depth--
  }
  return undefined
}
