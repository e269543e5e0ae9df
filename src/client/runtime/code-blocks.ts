/**
 * A copy button on every code block (the build frames each block with its language and makes it
 * a keyboard stop; see reader-markup.ts). The button is added here, since it only works with a
 * script, and says what happened: "Copied", or, when the clipboard refuses, the code is selected
 * for the reader to copy by hand.
 */
import { closestTarget, type Platform } from './platform.js'

const COPY = 'Copy'
const resetAfterMs = 2000

export interface CodeBlocks {
  /** Adds buttons to blocks drawn since (after a navigation). */
  refresh(): void
}

export function setupCodeBlocks({ window, document }: Platform): CodeBlocks {
  const refresh = () => {
    for (const block of document.querySelectorAll('.code-block')) {
      if (block.querySelector('.code-block-copy')) continue
      const button = document.createElement('button')
      button.type = 'button'
      button.className = 'code-block-copy'
      button.textContent = COPY
      button.setAttribute('aria-label', 'Copy the code')
      block.appendChild(button)
    }
  }
  const say = (button: HTMLElement, text: string) => {
    button.textContent = text
    button.setAttribute('aria-label', text)
    window.setTimeout(() => {
      button.textContent = COPY
      button.setAttribute('aria-label', 'Copy the code')
    }, resetAfterMs)
  }
  document.addEventListener('click', (event) => {
    const button = closestTarget(event.target, '.code-block-copy')
    const code = button?.closest('.code-block')?.querySelector('pre')
    if (!button || !code) return
    const text = code.textContent ?? ''
    const clipboard = window.navigator.clipboard
    const copied = typeof clipboard?.writeText === 'function' ? clipboard.writeText(text) : Promise.reject(new Error('no clipboard'))
    copied.then(
      () => say(button, 'Copied'),
      () => {
        window.getSelection()?.selectAllChildren(code)
        say(button, 'Press Ctrl+C to copy')
      },
    )
  })
  refresh()
  return { refresh }
}
