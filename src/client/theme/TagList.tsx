import type { ReactElement } from 'react'
import type { PageView } from '../../shared/page-view.js'

/** The page's tags, at the foot of its article; each links to its tag's page when it has one. */
export function TagList({ tags }: { tags: PageView['tags'] }): ReactElement | null {
  if (tags.length === 0) return null
  return (
    <nav className="tag-list" aria-label="Tags">
      <span className="tag-list-label">Tags:</span>
      <ul>
        {tags.map((tag, index) => (
          <li key={index}>{tag.href === undefined ? <span className="tag">{tag.label}</span> : <a className="tag" href={tag.href} rel="tag">{tag.label}</a>}</li>
        ))}
      </ul>
    </nav>
  )
}
