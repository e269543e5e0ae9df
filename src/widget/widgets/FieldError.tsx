import type { ReactElement } from 'react'
import { Icon } from './Icon.js'

/** A field's message: role=alert, so it is announced the moment it appears. */
export function FieldError({ id, message }: { id: string; message: string | undefined }): ReactElement | null {
  if (!message) return null
  return (
    <p id={id} className="sid-field-error" role="alert">
      <Icon name="alert" size={16} />
      <span>{message}</span>
    </p>
  )
}
