import type { ReactElement, ReactNode } from 'react'
import DocCard, { type DocCardItem } from './DocCard.js'
import { docCardListMarker } from '../../shared/doc-card-list.js'

/**
 * Docusaurus's `<DocCardList />`: the cards of the given items or children; with neither, of the
 * category this page opens, which the MDX page cannot know: it leaves a marker that the render
 * stage fills with the category's cards (page-views.ts), or with nothing on a page that opens none.
 */
export default function DocCardList({ items, children }: { readonly items?: readonly DocCardItem[]; readonly children?: ReactNode }): ReactElement {
  if (items === undefined && children === undefined) return <ul className="category-cards" {...{ [docCardListMarker]: '' }} />
  return <ul className="category-cards">{items ? items.map((item, index) => <DocCard key={index} item={item} />) : children}</ul>
}
