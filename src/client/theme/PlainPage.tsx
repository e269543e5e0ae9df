import type { ReactElement } from 'react'
import type { PageView } from '../../shared/page-view.js'
import { EditLink } from './EditLink.js'
import { LoginGate } from './LoginGate.js'
import { UnlistedBanner } from './UnlistedBanner.js'

/**
 * The full-width layout of standalone pages. A component page (the home page) may render its own
 * <main> and <h1>, at its top or inside (a Docusaurus page's hero header, then its main);
 * nesting a second main landmark or heading around it would break the page's outline, so such a
 * body only gets the skip-link target around it.
 */
export function PlainPage({ page }: { page: PageView }): ReactElement {
  if (/<main[\s>]/.test(page.bodyHtml)) {
    return <div id="main-content" className="plain-page" dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
  }
  if (page.gated) {
    return (
      <main id="main-content" className="plain-page plain-main">
        <article className="markdown">
          <h1>{page.title}</h1>
          <LoginGate />
        </article>
      </main>
    )
  }
  return (
    <main id="main-content" className="plain-page plain-main">
      <article className="markdown">
        {page.unlisted ? <UnlistedBanner /> : null}
        {page.hideTitle ? null : <h1 id={page.titleId}>{page.title}</h1>}
        {page.bodyHtml ? <div className="markdown-body" dangerouslySetInnerHTML={{ __html: page.bodyHtml }} /> : null}
        <EditLink href={page.editUrl} />
      </article>
    </main>
  )
}
