/**
 * An author's `socials` (authors.yml or front matter), as Docusaurus reads them: a platform and a
 * handle (`github: ada`) or a full URL (`mastodon: https://…`), each a link under the author's
 * name. A handle is made a URL on the platform's own host; a platform docsgen does not know
 * needs a full URL. Only http(s) URLs are kept, so no value can run a script in a page.
 */
import type { ValueAt } from '../../shared/read-value.js'

export interface AuthorSocial {
  /** The platform as shown (`GitHub`). */
  readonly label: string
  readonly url: string
}

const platforms = new Map<string, readonly [label: string, urlOf: (handle: string) => string]>([
  ['x', ['X', (handle) => `https://x.com/${handle}`]],
  ['twitter', ['Twitter', (handle) => `https://twitter.com/${handle}`]],
  ['github', ['GitHub', (handle) => `https://github.com/${handle}`]],
  ['linkedin', ['LinkedIn', (handle) => `https://www.linkedin.com/in/${handle}/`]],
  ['stackoverflow', ['Stack Overflow', (handle) => `https://stackoverflow.com/users/${handle}`]],
  ['bluesky', ['Bluesky', (handle) => `https://bsky.app/profile/${handle}`]],
  ['instagram', ['Instagram', (handle) => `https://www.instagram.com/${handle}`]],
  ['threads', ['Threads', (handle) => `https://www.threads.net/@${handle}`]],
  ['twitch', ['Twitch', (handle) => `https://www.twitch.tv/${handle}`]],
  ['youtube', ['YouTube', (handle) => `https://www.youtube.com/@${handle}`]],
])

export function readAuthorSocials(at: ValueAt): readonly AuthorSocial[] | undefined {
  const entries = at.mapping()
  if (entries === undefined) return undefined
  return entries.flatMap(([platform, value]): AuthorSocial[] => {
    const written = value.string()
    if (written === undefined) return []
    const known = platforms.get(platform)
    const label = known?.[0] ?? platform.charAt(0).toUpperCase() + platform.slice(1)
    if (/^https?:\/\//i.test(written)) return [{ label, url: written }]
    // A handle: a name on the platform, never a path or a URL of another kind.
    if (known !== undefined && /^@?[\w.-]+$/.test(written)) return [{ label, url: known[1](encodeURIComponent(written.replace(/^@/, ''))) }]
    value.fail(known ? `must be a handle or an http(s) URL, got ${JSON.stringify(written)}` : `must be an http(s) URL for "${platform}", got ${JSON.stringify(written)}`, 'Write a handle (github: ada) or a full URL (mastodon: https://mastodon.social/@ada).')
    return []
  })
}
