import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { jsonParts } from '../../../src/node/write/json-parts.js'

const whole = (value: object) => `${JSON.stringify(value, null, 2)}\n`

test('the parts joined are JSON.stringify(value, null, 2) and a newline, whatever the object holds', () => {
  const values: object[] = [
    {},
    [],
    [1, { a: [2] }],
    { routes: [] },
    { format: 1, baseUrl: '/', routes: [{ path: '/a', headings: [{ depth: 2, id: 'x', text: 'line\nbreak "quoted" é' }], display: undefined }, undefined, null, [3, []]] },
    { skipped: undefined, fn: () => 1, kept: 'yes', nested: { list: [1, 2], empty: {} }, last: [true] },
    { toJSON: () => ({ replaced: [1] }) },
    { date: new Date(0), numbers: [Number.NaN, -0, 1e21] },
  ]
  for (const value of values) assert.is([...jsonParts(value)].join(''), whole(value), JSON.stringify(value))
})

test('each element of an array the object holds is a part of its own', () => {
  assert.equal([...jsonParts({ format: 1, routes: [{ path: '/a' }, { path: '/b' }] })], [
    '{\n  "format": ',
    '1',
    ',\n  "routes": ',
    '[\n',
    '    {\n      "path": "/a"\n    }',
    ',\n    {\n      "path": "/b"\n    }',
    '\n  ]',
    '\n}\n',
  ])
})

test.run()
