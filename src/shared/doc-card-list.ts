/**
 * The attribute on the empty card list an MDX page's `<DocCardList />` leaves for the render
 * stage to fill with the cards of the category the page opens (client/mdx/DocCardList.tsx).
 */
export const docCardListMarker = 'data-docsgen-doc-card-list'

/** The empty list as React draws it into the page's body. */
export const docCardListPlaceholder = `<ul class="category-cards" ${docCardListMarker}=""></ul>`
