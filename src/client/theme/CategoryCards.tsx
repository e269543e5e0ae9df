import type { ReactElement } from 'react'
import type { CategoryCard } from '../../shared/page-view.js'

/** The grid of a generated category index page: one linked card per doc or sub-category. */
export function CategoryCards({ cards }: { cards: readonly CategoryCard[] }): ReactElement | null {
  if (cards.length === 0) return null
  return (
    <ul className="category-cards">
      {cards.map((card, index) => (
        <li className="category-card-item" key={index}>
          <a className={`category-card category-card--${card.kind}`} href={card.href}>
            <span className="category-card-title">{card.label}</span>
            {card.description ? <span className="category-card-description">{card.description}</span> : null}
            {card.kind === 'category' && card.count !== undefined ? (
              <span className="category-card-count">{card.count === 1 ? '1 item' : `${card.count} items`}</span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  )
}
