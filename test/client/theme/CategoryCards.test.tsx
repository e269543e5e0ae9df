import { renderToStaticMarkup } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CategoryCards } from '../../../src/client/theme/CategoryCards.js'

test('each card is one link: label, description, and the item count of a category', () => {
  const html = renderToStaticMarkup(
    <CategoryCards
      cards={[
        { label: 'PowerShell', href: '/docs/Sanctum/Microsoft/PowerShell', description: 'Scripts for Active Directory.', kind: 'doc', count: undefined },
        { label: 'PaperCut', href: '/docs/category/papercut', description: undefined, kind: 'category', count: 2 },
        { label: 'ChromeOS', href: '/docs/category/chromeos', description: 'Chromebooks.', kind: 'category', count: 1 },
      ]}
    />,
  )
  assert.is(
    html,
    '<ul class="category-cards">' +
      '<li class="category-card-item"><a class="category-card category-card--doc" href="/docs/Sanctum/Microsoft/PowerShell"><span class="category-card-title">PowerShell</span><span class="category-card-description">Scripts for Active Directory.</span></a></li>' +
      '<li class="category-card-item"><a class="category-card category-card--category" href="/docs/category/papercut"><span class="category-card-title">PaperCut</span><span class="category-card-count">2 items</span></a></li>' +
      '<li class="category-card-item"><a class="category-card category-card--category" href="/docs/category/chromeos"><span class="category-card-title">ChromeOS</span><span class="category-card-description">Chromebooks.</span><span class="category-card-count">1 item</span></a></li>' +
      '</ul>',
  )
})

test('no cards, no empty list', () => {
  assert.is(renderToStaticMarkup(<CategoryCards cards={[]} />), '')
})

test.run()
