import type { ReactElement, ReactNode } from 'react'

/** A form that never navigates: submitting (button or Enter) calls `onSubmit`; our own messages replace the browser's. */
export function Form({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }): ReactElement {
  return (
    <form
      className="sid-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {children}
    </form>
  )
}
