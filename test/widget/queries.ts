/**
 * The widget tests' queries: the harness's (harness/driver/dom-queries.ts: by role, accessible
 * name, label and visible text, never by test id or class), plus "exactly one" forms that fail
 * saying what is there. Names are compared as whole strings.
 */
import { accessibleName, elementsWithText, normalize, queryAllByLabel, queryAllByRole } from '../../harness/driver/dom-queries.js'

export { accessibleName, queryAllByRole }

export function getByRole(root: Element, role: string, name?: string): HTMLElement {
  const found = queryAllByRole(root, role, name)
  if (found.length !== 1) {
    const seen = queryAllByRole(root, role).map((element) => JSON.stringify(accessibleName(element)))
    throw new Error(`expected one ${role}${name === undefined ? '' : ` named ${JSON.stringify(name)}`}, found ${found.length}; ${role}s: ${seen.join(', ') || 'none'}`)
  }
  return found[0]!
}

/** The form control (input, combobox, group) whose label is exactly `label`. */
export function getByLabel(root: Element, label: string): HTMLElement {
  const found = queryAllByLabel(root, label)
  if (found.length !== 1) throw new Error(`expected one control labelled ${JSON.stringify(label)}, found ${found.length}`)
  return found[0]!
}

export const queryByLabel = (root: Element, label: string): HTMLElement | undefined => {
  const found = queryAllByLabel(root, label)
  return found.length === 1 ? found[0] : undefined
}

/** The heading's text (the screen's title). */
export const heading = (root: Element) => normalize(getByRole(root, 'heading').textContent)

/** Whether some visible element's own full text is exactly `text`. */
export const hasText = (root: Element, text: string): boolean => elementsWithText(root, text).length > 0

/** Texts of the announced messages (role=alert). */
export const alerts = (root: Element) => queryAllByRole(root, 'alert').map((element) => normalize(element.textContent))

/** The visible text of the screen, for failure messages. */
export const screenText = (root: Element) => normalize(root.textContent)
