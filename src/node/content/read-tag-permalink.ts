/**
 * A tag's `permalink` (tags.yml, or a tag written out in front matter), proven where it is
 * written: one with `#`, `?` or `%` would put the tag's page at a path a browser reads as
 * another, and the generated page has no place of its own to report it at. Such a permalink is
 * reported and left out (the tag's page is then named after its label or key).
 */
import { posix } from 'node:path'
import { misreadRouteProblem } from '../../shared/canonical-path.js'
import type { ValueAt } from '../../shared/read-value.js'

export function readTagPermalink(at: ValueAt): string | undefined {
  const permalink = at.string()
  if (permalink === undefined) return undefined
  const problem = misreadRouteProblem(posix.join('/', permalink))
  if (problem === undefined) return permalink
  return at.fail(`is "${permalink}", which ${problem}`, 'Write the permalink without "#", "?" or "%".')
}
