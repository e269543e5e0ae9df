import type { ReactElement } from 'react'

/** Said on an unlisted page (front matter `unlisted: true`), in Docusaurus's words. */
export function UnlistedBanner(): ReactElement {
  return (
    <div className="unlisted-banner" role="note">
      <p className="unlisted-banner-title">Unlisted page</p>
      <p>This page is unlisted. Search engines will not index it, and only users having a direct link can access it.</p>
    </div>
  )
}
