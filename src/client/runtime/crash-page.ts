/**
 * What a client-side failure to draw a page shows: 'This page crashed.' with
 * 'Try again', which draws the page again, and the error's message and causes beneath it. Built
 * from text nodes: an error message is never markup.
 */
export function showCrashPage(document: Document, region: Element, error: unknown, retry: () => void): void {
  const main = document.createElement('main')
  main.id = 'main-content'
  main.className = 'crash-page'
  const title = main.appendChild(document.createElement('h1'))
  title.textContent = 'This page crashed.'
  title.tabIndex = -1
  const button = main.appendChild(document.createElement('button'))
  button.type = 'button'
  button.className = 'button'
  button.textContent = 'Try again'
  button.addEventListener('click', retry)
  const list = main.appendChild(document.createElement('ul'))
  list.className = 'crash-page-errors'
  errorMessages(error).forEach((message, index) => {
    list.appendChild(document.createElement('li')).textContent = index === 0 ? message : `Cause: ${message}`
  })
  region.replaceChildren(main)
  title.focus()
}

/** The message of an error and of each cause below it (at most 10, in case of a cycle). */
export function errorMessages(error: unknown): string[] {
  const messages: string[] = []
  for (let current = error; current !== undefined && current !== null && messages.length < 10; current = (current as { cause?: unknown }).cause) {
    const message = (current as { message?: unknown }).message
    messages.push(typeof message === 'string' ? message : String(current))
  }
  return messages
}
