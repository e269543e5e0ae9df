import type { ReactElement, ReactNode } from 'react'

/** A sidebar item as Docusaurus hands it to a card: a link or a category with its link. */
export interface DocCardItem {
  readonly type?: string
  readonly href?: string
  readonly label?: string
  readonly description?: string
}

export interface DocCardProps {
  readonly item?: DocCardItem
  /** A card written by hand, as sites' own DocCard components take it (`<DocCard header="…" href="…">text</DocCard>`). */
  readonly href?: string
  readonly header?: ReactNode
  readonly label?: ReactNode
  readonly children?: ReactNode
}

/**
 * Docusaurus's `<DocCard item={…} />`, drawn as docsgen's category cards. A root-relative href
 * gets the site's base URL, as Docusaurus's Link adds it; the MDX pages' thread sets the site
 * (mdx-page-worker.ts).
 */
export default function DocCard({ item, href, header, label, children }: DocCardProps): ReactElement {
  const target = withBaseUrl(item?.href ?? href)
  const kind = item?.type === 'category' ? 'category' : 'doc'
  return (
    <li className="category-card-item">
      <a className={`category-card category-card--${kind}`} href={target}>
        <span className="category-card-title">{item?.label ?? header ?? label}</span>
        {item?.description ? <span className="category-card-description">{item.description}</span> : children ? <span className="category-card-description">{children}</span> : null}
      </a>
    </li>
  )
}

function withBaseUrl(href: string | undefined): string | undefined {
  const baseUrl = (globalThis as { __docsgenSite?: { baseUrl?: string } }).__docsgenSite?.baseUrl ?? '/'
  if (href === undefined || !href.startsWith('/') || href.startsWith('//') || href.startsWith(baseUrl)) return href
  return baseUrl.replace(/\/$/, '') + href
}
