/**
 * Finding things the way QA's harness and a screen-reader user do: by role, accessible name,
 * label and visible text; never by test id or class. Names are compared as whole strings.
 */

const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

function byIds(element: Element, ids: string): string {
  const document = element.ownerDocument
  return normalize(
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )
}

/** Text content without the parts hidden from assistive technology (aria-hidden). */
function textOf(node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? ''
  if (node.nodeType !== 1 || (node as Element).getAttribute('aria-hidden') === 'true') return ''
  return [...node.childNodes].map(textOf).join('')
}

/** The accessible name (the parts of the naming algorithm the widget uses). */
export function accessibleName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby')
  if (labelledBy) return byIds(element, labelledBy)
  const label = element.getAttribute('aria-label')
  if (label) return normalize(label)
  if (element.id) {
    const labels = [...element.ownerDocument.querySelectorAll('label')].filter((candidate) => candidate.htmlFor === element.id)
    if (labels.length > 0) return normalize(labels.map((candidate) => candidate.textContent).join(' '))
  }
  const wrapping = element.closest('label')
  if (wrapping) return normalize(wrapping.textContent)
  if (element.tagName === 'IMG') return normalize(element.getAttribute('alt'))
  return normalize(textOf(element))
}

const IMPLICIT_ROLES: Record<string, string> = { BUTTON: 'button', A: 'link', H1: 'heading', H2: 'heading', H3: 'heading', IMG: 'img', UL: 'list', LI: 'listitem' }

export function roleOf(element: Element): string | undefined {
  const explicit = element.getAttribute('role')
  if (explicit) return explicit
  if (element.tagName === 'INPUT') {
    const type = element.getAttribute('type') ?? 'text'
    return type === 'checkbox' ? 'checkbox' : type === 'button' || type === 'submit' ? 'button' : 'textbox'
  }
  if (element.tagName === 'A' && !element.hasAttribute('href')) return undefined
  return IMPLICIT_ROLES[element.tagName]
}

function isHidden(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return true
  }
  return false
}

export function queryAllByRole(root: Element, role: string, name?: string): HTMLElement[] {
  return [...root.querySelectorAll('*')].filter(
    (element) => roleOf(element) === role && !isHidden(element) && (name === undefined || accessibleName(element) === name),
  ) as HTMLElement[]
}

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
  const found = [...root.querySelectorAll('input, button[role=combobox], [role=group], textarea')].filter(
    (element) => !isHidden(element) && accessibleName(element) === label,
  )
  if (found.length !== 1) throw new Error(`expected one control labelled ${JSON.stringify(label)}, found ${found.length}`)
  return found[0] as HTMLElement
}

export const queryByLabel = (root: Element, label: string): HTMLElement | undefined => {
  try {
    return getByLabel(root, label)
  } catch {
    return undefined
  }
}

/** The heading's text (the screen's title). */
export const heading = (root: Element) => normalize(getByRole(root, 'heading').textContent)

/** Whether some visible element's own full text is exactly `text`. */
export function hasText(root: Element, text: string): boolean {
  return [...root.querySelectorAll('*')].some((element) => !isHidden(element) && normalize(element.textContent) === text && [...element.children].every((child) => normalize(child.textContent) !== text))
}

/** Texts of the announced messages (role=alert). */
export const alerts = (root: Element) => queryAllByRole(root, 'alert').map((element) => normalize(element.textContent))

/** The visible text of the screen, for failure messages. */
export const screenText = (root: Element) => normalize(root.textContent)
