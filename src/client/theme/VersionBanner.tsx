import type { ReactElement } from 'react'
import type { PageVersionView } from '../../shared/page-view.js'

/** Above a page of an unreleased or unmaintained docs version, in Docusaurus's words: where the up-to-date docs are. */
export function VersionBanner({ banner, label }: { readonly banner: NonNullable<PageVersionView['banner']>; readonly label: string }): ReactElement {
  return (
    <div className="version-banner" role="alert">
      <p>
        {banner.kind === 'unreleased' ? (
          <>
            This is unreleased documentation for {banner.siteTitle} <b>{label}</b> version.
          </>
        ) : (
          <>
            This is documentation for {banner.siteTitle} <b>{label}</b>, which is no longer actively maintained.
          </>
        )}
      </p>
      <p>
        For up-to-date documentation, see the{' '}
        <b>
          <a href={banner.latestHref}>latest version</a>
        </b>{' '}
        ({banner.latestLabel}).
      </p>
    </div>
  )
}
