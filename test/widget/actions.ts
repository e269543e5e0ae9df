/** Acting like a person on a happy-dom page: typing, clicking, pressing keys, pasting. */

function windowOf(element: Element): any {
  return element.ownerDocument.defaultView
}

/** Sets an input's value as typing does (through the prototype setter React watches) and fires input. */
export function type(input: HTMLElement, value: string): void {
  const window = windowOf(input)
  const setter = Object.getOwnPropertyDescriptor(window.HTMLInputElement.prototype, 'value')!.set!
  input.focus()
  setter.call(input, value)
  input.dispatchEvent(new window.Event('input', { bubbles: true }))
}

export function click(element: HTMLElement): void {
  if ((element as HTMLButtonElement).disabled) throw new Error(`cannot click the disabled ${element.tagName.toLowerCase()} "${element.textContent}"`)
  element.click()
}

/** A keydown (and keyup) of `key` on the element. */
export function press(element: HTMLElement, key: string, init: Record<string, unknown> = {}): void {
  const window = windowOf(element)
  element.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }))
  element.dispatchEvent(new window.KeyboardEvent('keyup', { key, bubbles: true, cancelable: true, ...init }))
}

export function paste(element: HTMLElement, text: string): void {
  const window = windowOf(element)
  const data = new window.DataTransfer()
  data.setData('text/plain', text)
  element.focus()
  element.dispatchEvent(new window.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
}

/** Submits the form the element is in, as pressing Enter in a field does. */
export function submit(element: HTMLElement): void {
  const form = element.closest('form')
  if (!form) throw new Error('not in a form')
  form.requestSubmit()
}
