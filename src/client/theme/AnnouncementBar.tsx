import type { ReactElement } from 'react'
import type { AnnouncementBarView } from '../../shared/page-view.js'

/**
 * The optional bar above the navbar. The close button only works once the browser runtime has
 * loaded; it remembers the dismissed id, so a bar with a new id shows again.
 */
export function AnnouncementBar({ bar }: { bar: AnnouncementBarView }): ReactElement {
  return (
    <div
      className="announcement-bar"
      role="region"
      aria-label="Announcement"
      data-announcement-bar=""
      data-announcement-id={bar.id}
      // The configured colours; in dark mode the stylesheet tints its own with the background (a variable).
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor, ['--announcement-background' as string]: bar.backgroundColor }}
    >
      <p className="announcement-bar-content">{bar.content}</p>
      {bar.isCloseable ? (
        <button type="button" className="announcement-bar-close" data-announcement-close="" data-announcement-id={bar.id} aria-label="Close">
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  )
}
