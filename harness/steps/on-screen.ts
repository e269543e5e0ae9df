/** What is on the screen: the text a person reads and the control they would pick by its label. Shared by actions and assertions. */
import type { World } from '../driver/browser-world.js'
import { controlLabels, elementsWithText, normalize, queryAllByLabel, visibleText } from '../driver/dom-queries.js'
import type { TextMatch } from '../scenario/values.js'
import { waitUntil } from './wait-until.js'

const quote = (text: string) => JSON.stringify(text)
/** Whether `text` is the exact text or matches the pattern. */
export const matches = (match: TextMatch, text: string) => ('exact' in match ? text === match.exact : new RegExp(match.pattern, match.flags).test(text))

/** The page's visible text, whitespace collapsed. */
export const screenText = (world: World) => normalize(world.document.body ? visibleText(world.document.body) : '')

/** The one control labelled `label`, waiting for it to appear. */
export function control(world: World, label: string): Promise<HTMLElement> {
  return waitUntil(
    world,
    () => {
      const found = queryAllByLabel(world.document, label)
      return found.length === 1 ? found[0] : undefined
    },
    `one field labelled ${quote(label)}`,
    () => {
      const found = queryAllByLabel(world.document, label).length
      return found > 1 ? `${found} fields with that label` : `fields: ${controlLabels(world.document).map(quote).join(', ') || 'none'}`
    },
  )
}

/** Whether the text (exact, in one element; or a pattern, anywhere on the screen) is shown. */
export function textShown(world: World, match: TextMatch): boolean {
  return 'exact' in match ? elementsWithText(world.document, match.exact).length > 0 : matches(match, screenText(world))
}

