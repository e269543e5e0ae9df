import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { toPlainData } from '../../../src/node/config/to-plain-data.js'

test('plain values come back as a copy, arrays and null-prototype objects included', () => {
  const value = { title: 'T', position: 2, flag: true, nothing: null, list: [1, 'two', { three: 3 }], bare: Object.assign(Object.create(null) as object, { a: 1 }) }
  const result = toPlainData(value)
  assert.equal(result, { value: { title: 'T', position: 2, flag: true, nothing: null, list: [1, 'two', { three: 3 }], bare: { a: 1 } }, problems: [] })
  assert.is.not(result.value, value)
})

test('a key named __proto__ stays a key of the copy, and no prototype changes', () => {
  const value = JSON.parse('{ "__proto__": { "polluted": true }, "title": "T" }') as object
  const copy = toPlainData(value).value as Record<string, unknown>
  assert.equal(Object.keys(copy), ['__proto__', 'title'])
  assert.is(Object.getPrototypeOf(copy), Object.prototype)
  assert.is((copy as { polluted?: unknown }).polluted, undefined)
})

test('cycles, symbols, class instances, deep nesting and a throwing default export are problems with their path', () => {
  const cyclic: Record<string, unknown> = { name: 'loop' }
  cyclic.self = cyclic
  let deep: Record<string, unknown> = {}
  const root = { deep }
  for (let level = 0; level < 70; level++) deep = deep.next = {}
  const { problems } = toPlainData({ cyclic, symbol: Symbol('s'), when: new Map(), root })
  assert.equal(
    problems.map((problem) => problem.message),
    [
      '"cyclic.self" refers back to an object that contains it',
      '"symbol" is a symbol, not a plain value',
      '"when" is a Map, not a plain value',
      `"root.deep${'.next'.repeat(63)}" is nested more than 64 levels deep`,
    ],
  )
  const throwing = new Proxy({}, {
    getPrototypeOf() {
      throw 'no prototype'
    },
  })
  assert.equal(toPlainData(throwing).problems, [
    { path: '', message: 'Reading the type of the default export threw: no prototype', suggestion: 'Write the value itself, not a getter or Proxy that computes it.' },
  ])
})

test.run()
