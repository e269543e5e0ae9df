/** What a person does on a happy-dom page: typing, clicking, pressing keys, pasting. */

// happy-dom's element classes live on each window; the page's own constructors are used for events.
const windowOf = (element: Element): any => element.ownerDocument.defaultView

/** Sets a field's value as typing does (through the prototype setter React watches) and fires input. */
export function typeInto(input: HTMLElement, value: string): void {
  const window = windowOf(input)
  const prototype = input.tagName === 'TEXTAREA' ? window.HTMLTextAreaElement.prototype : window.HTMLInputElement.prototype
  input.focus()
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(input, value)
  input.dispatchEvent(new window.Event('input', { bubbles: true }))
  input.dispatchEvent(new window.Event('change', { bubbles: true }))
}

export function pressKey(element: Element, key: string): void {
  const window = windowOf(element)
  const down = new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
  element.dispatchEvent(down)
  element.dispatchEvent(new window.KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }))
  // A browser submits a form on Enter in a text field; happy-dom leaves that to the page.
  if (key === 'Enter' && !down.defaultPrevented && element.tagName === 'INPUT') (element as HTMLInputElement).form?.requestSubmit()
}

export function pasteInto(element: HTMLElement, text: string): void {
  const window = windowOf(element)
  const data = new window.DataTransfer()
  data.setData('text/plain', text)
  element.focus()
  element.dispatchEvent(new window.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
}

/** Clicks as a person does: a disabled control cannot be clicked. */
export function click(element: HTMLElement): void {
  if ((element as HTMLButtonElement).disabled) throw new Error(`cannot click the disabled ${element.tagName.toLowerCase()} "${element.textContent}"`)
  element.click()
}
