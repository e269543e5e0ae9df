import type { ReactElement } from 'react'
import type { NavbarLinkView, PageView, SidebarViewItem } from '../../shared/page-view.js'
import { Breadcrumbs } from './Breadcrumbs.js'
import { CategoryCards } from './CategoryCards.js'
import { EditLink } from './EditLink.js'
import { LoginGate } from './LoginGate.js'
import { MobileMenu } from './MobileMenu.js'
import { PaginationNav } from './PaginationNav.js'
import { Sidebar } from './Sidebar.js'
import { TableOfContents } from './TableOfContents.js'
import { TagList } from './TagList.js'
import { UnlistedBanner } from './UnlistedBanner.js'
import { VersionBanner } from './VersionBanner.js'

interface DocPageProps {
  readonly page: PageView
  readonly sidebar: readonly SidebarViewItem[] | undefined
  /** The sidebar list already rendered (see PageProps.sidebarHtml). */
  readonly sidebarHtml?: string | undefined
  /** The blog's recent posts, on the blog's lists of tags and authors: in the sidebar's place. */
  readonly blogSidebar?: ReactElement | undefined
  /** The navbar links, for the mobile menu that also holds the sidebar. */
  readonly navbarItems: readonly NavbarLinkView[]
  readonly currentHref: string
  readonly homeHref: string
}

/** The docs layout: sidebar (in the mobile menu), then breadcrumbs, article and previous/next, then the ToC. */
export function DocPage({ page, sidebar, sidebarHtml, blogSidebar, navbarItems, currentHref, homeHref }: DocPageProps): ReactElement {
  const hasToc = !page.gated && page.toc.length > 0
  const sidebarNav = sidebar !== undefined && sidebar.length > 0 ? <Sidebar items={sidebar} listHtml={sidebarHtml} currentHref={currentHref} /> : blogSidebar
  const hasSidebar = sidebarNav !== undefined
  return (
    <div className={hasSidebar ? 'docs-layout' : 'docs-layout docs-layout--no-sidebar'} data-docs-version={page.version?.name}>
      <MobileMenu items={navbarItems} sidebar={sidebarNav} currentHref={currentHref} />
      <main id="main-content" className={hasToc ? 'docs-main' : 'docs-main docs-main--no-toc'}>
        <div className="docs-content">
          {page.version?.banner ? <VersionBanner banner={page.version.banner} label={page.version.label} /> : null}
          {page.gated || page.breadcrumbs === undefined ? null : <Breadcrumbs trail={page.breadcrumbs} current={page.title} homeHref={homeHref} />}
          {hasToc ? <TableOfContents entries={page.toc} collapsible /> : null}
          {page.gated ? (
            // A private shell knows nothing about the page but its route.
            <article className="markdown">
              <h1>{page.title}</h1>
              <LoginGate />
            </article>
          ) : (
            <article className="markdown">
              {page.unlisted ? <UnlistedBanner /> : null}
              {page.hideTitle ? null : <h1 id={page.titleId}>{page.title}</h1>}
              {page.kind === 'category' && page.description ? <p className="category-description">{page.description}</p> : null}
              {page.bodyHtml ? <div className="markdown-body" dangerouslySetInnerHTML={{ __html: page.bodyHtml }} /> : null}
              {page.kind === 'category' || page.kind === 'tags' ? <CategoryCards cards={page.cards} /> : null}
              <TagList tags={page.tags} />
              <EditLink href={page.editUrl} />
            </article>
          )}
          {page.gated ? null : <PaginationNav previous={page.previous} next={page.next} />}
        </div>
        {hasToc ? (
          <div className="docs-toc">
            <TableOfContents entries={page.toc} />
          </div>
        ) : null}
      </main>
    </div>
  )
}
