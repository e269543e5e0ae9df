/**
 * Finding things on a page the way a person or a screen-reader user does: by role, accessible
 * name, label and visible text, never by test id or class. Names compare as whole strings after
 * collapsing white space.
 */
export const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

const NEVER_SHOWN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'HEAD', 'TITLE', 'META', 'LINK'])

/** Hidden from everyone: the hidden attribute, aria-hidden, display:none written on the element, non-content tags. */
export function isHidden(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (NEVER_SHOWN.has(node.tagName) || node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return true
    if (/display\s*:\s*none/.test(node.getAttribute('style') ?? '')) return true
  }
  return false
}

/** Text as shown: hidden parts left out. */
export function visibleText(node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? ''
  if (node.nodeType !== 1) return ''
  const element = node as Element
  if (NEVER_SHOWN.has(element.tagName) || element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') return ''
  if (/display\s*:\s*none/.test(element.getAttribute('style') ?? '')) return ''
  const inner = [...node.childNodes].map(visibleText).join('')
  return /^(P|DIV|LI|H[1-6]|SECTION|HEADER|FOOTER|NAV|MAIN|FORM|LABEL|BUTTON|TR|UL|OL|ARTICLE|ASIDE)$/.test(element.tagName) ? ` ${inner} ` : inner
}

function byIds(element: Element, ids: string): string {
  return normalize(ids.split(/\s+/).map((id) => visibleTextOrAll(element.ownerDocument.getElementById(id))).join(' '))
}

const visibleTextOrAll = (element: Element | null) => (element ? normalize(visibleText(element)) || normalize(element.textContent) : '')

export function accessibleName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby')
  if (labelledBy) return byIds(element, labelledBy)
  const label = element.getAttribute('aria-label')
  if (label) return normalize(label)
  if (element.id) {
    const labels = [...element.ownerDocument.querySelectorAll('label')].filter((candidate) => (candidate as HTMLLabelElement).htmlFor === element.id)
    if (labels.length > 0) return normalize(labels.map((candidate) => candidate.textContent).join(' '))
  }
  const wrapping = element.tagName === 'INPUT' ? element.closest('label') : null
  if (wrapping) return normalize(wrapping.textContent)
  if (element.tagName === 'IMG') return normalize(element.getAttribute('alt'))
  return normalize(visibleText(element))
}

const IMPLICIT_ROLES: Record<string, string> = { BUTTON: 'button', A: 'link', H1: 'heading', H2: 'heading', H3: 'heading', H4: 'heading', IMG: 'img', UL: 'list', OL: 'list', LI: 'listitem', NAV: 'navigation', TEXTAREA: 'textbox', SELECT: 'combobox', DIALOG: 'dialog' }

export function roleOf(element: Element): string | undefined {
  const explicit = element.getAttribute('role')
  if (explicit) return explicit
  if (element.tagName === 'INPUT') {
    const type = element.getAttribute('type') ?? 'text'
    return type === 'checkbox' ? 'checkbox' : type === 'radio' ? 'radio' : type === 'button' || type === 'submit' ? 'button' : type === 'hidden' ? undefined : 'textbox'
  }
  if (element.tagName === 'A' && !element.hasAttribute('href')) return undefined
  return IMPLICIT_ROLES[element.tagName]
}

export function queryAllByRole(root: ParentNode, role: string, name?: string): HTMLElement[] {
  return [...root.querySelectorAll('*')].filter((element) => roleOf(element) === role && !isHidden(element) && (name === undefined || accessibleName(element) === name)) as HTMLElement[]
}

const CONTROLS = 'input:not([type=hidden]), textarea, select, button[role=combobox], [role=group], [role=combobox]'

/** Form controls whose label is exactly `label`. */
export function queryAllByLabel(root: ParentNode, label: string): HTMLElement[] {
  return [...root.querySelectorAll(CONTROLS)].filter((element) => !isHidden(element) && accessibleName(element) === label) as HTMLElement[]
}

/** Labels of the visible form controls, for "found" hints. */
export function controlLabels(root: ParentNode): string[] {
  return [...new Set([...root.querySelectorAll(CONTROLS)].filter((element) => !isHidden(element)).map(accessibleName).filter(Boolean))]
}

/** Visible elements whose own whole text is exactly `text` (the innermost ones): in a document's body, or under an element. */
export function elementsWithText(root: ParentNode, text: string): Element[] {
  // happy-dom matches a selector within the element it is called on: 'body *' finds nothing under one.
  return [...root.querySelectorAll((root as Node).nodeType === 9 ? 'body *' : '*')].filter((element) => {
    if (isHidden(element)) return false
    if (normalize(visibleText(element)) !== text) return false
    return [...element.children].every((child) => normalize(visibleText(child)) !== text)
  })
}

/** The screen as a person reads it: one line per heading, control, message and paragraph. */
export function screenOutline(document: Document, limit = 40): string[] {
  const lines: string[] = []
  const walk = (element: Element) => {
    if (isHidden(element) || lines.length >= limit) return
    const role = roleOf(element)
    if (role && ['heading', 'button', 'link', 'textbox', 'checkbox', 'combobox', 'tab', 'alert', 'img', 'option', 'status'].includes(role)) {
      const name = accessibleName(element)
      const value = role === 'textbox' ? ` = ${JSON.stringify((element as HTMLInputElement).value ?? '')}` : ''
      const states = [(element as HTMLButtonElement).disabled ? 'disabled' : '', element.getAttribute('aria-selected') === 'true' ? 'selected' : '', (element as HTMLInputElement).checked ? 'checked' : ''].filter(Boolean)
      if (name || value) lines.push(`${role} ${JSON.stringify(name)}${value}${states.length ? ` (${states.join(', ')})` : ''}`)
      if (role !== 'alert' && role !== 'status') return
      return
    }
    const ownText = normalize([...element.childNodes].filter((node) => node.nodeType === 3).map((node) => node.textContent).join(' '))
    if (ownText && /^(P|H5|H6|LI|SPAN|LABEL|TD|TH|DT|DD|STRONG|EM|CODE|SMALL|DIV)$/.test(element.tagName)) lines.push(`text ${JSON.stringify(normalize(visibleText(element)))}`)
    else for (const child of element.children) walk(child)
  }
  if (document.body) walk(document.body)
  return lines
}
