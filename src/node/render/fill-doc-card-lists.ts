/**
 * An MDX page's `<DocCardList />` without items lists the category the page opens, which only
 * the manifest knows: the page leaves an empty marked list (client/mdx/DocCardList.tsx), filled
 * here with the cards a generated category page shows, or left empty on a page that opens none.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { CategoryCards } from '../../client/theme/CategoryCards.js'
import { docCardListPlaceholder } from '../../shared/doc-card-list.js'
import type { CategoryCard } from '../../shared/page-view.js'

export function fillDocCardLists(bodyHtml: string, cards: readonly CategoryCard[]): string {
  if (!bodyHtml.includes(docCardListPlaceholder)) return bodyHtml
  const filled = cards.length === 0 ? '<ul class="category-cards"></ul>' : renderToStaticMarkup(createElement(CategoryCards, { cards }))
  return bodyHtml.replaceAll(docCardListPlaceholder, filled)
}
