import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SIDEBAR_WINDOW, shownRange, windowBlock } from '../../../src/node/render/sidebar-window.js'

test('a list up to the limit is drawn whole, wherever the page is', () => {
  assert.equal(shownRange(SIDEBAR_WINDOW.limit, 49), { start: 0, end: 50 })
  assert.equal(shownRange(3, -1), { start: 0, end: 3 })
  assert.is(windowBlock(SIDEBAR_WINDOW.limit, 49), undefined)
})

test('a longer list is drawn around the block of the page, half a block each side, within the list', () => {
  assert.equal(shownRange(2000, -1), { start: 0, end: 30 }, 'a page outside the list sees its beginning')
  assert.equal(shownRange(2000, 0), { start: 0, end: 30 })
  assert.equal(shownRange(2000, 45), { start: 30, end: 70 })
  assert.equal(shownRange(2000, 59), { start: 30, end: 70 }, 'pages of one block draw the same part')
  assert.equal(shownRange(2000, 1999), { start: 1970, end: 2000 })
  assert.equal([windowBlock(2000, 40), windowBlock(2000, 59), windowBlock(2000, 60)], [2, 2, 3])
})

test.run()
