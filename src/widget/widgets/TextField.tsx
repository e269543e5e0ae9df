import { useId, type HTMLAttributes, type ReactElement, type ReactNode, type Ref } from 'react'
import { FieldError } from './FieldError.js'

export interface TextFieldProps {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly type?: 'text' | 'email' | 'tel' | 'password'
  /** The field's message; the field is marked invalid while it is set. */
  readonly error?: string | undefined
  readonly name?: string
  readonly autoComplete?: string
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  readonly disabled?: boolean
  readonly readOnly?: boolean
  readonly maxLength?: number
  readonly inputRef?: Ref<HTMLInputElement>
  /** Controls shown inside the field's frame, after the input (show/hide, copy). */
  readonly trailing?: ReactNode
  /** Controls shown before the input (the country selector). */
  readonly leading?: ReactNode
}

/** A labelled input (text, e-mail, tel, password) with its message. */
export function TextField(props: TextFieldProps): ReactElement {
  const id = useId()
  const errorId = `${id}-error`
  const { label, value, onChange, type = 'text', error, trailing, leading, inputRef, ...input } = props
  return (
    <div className="sid-field">
      <label className="sid-label" htmlFor={id}>
        {label}
      </label>
      <div className={error ? 'sid-input-frame sid-input-frame--invalid' : 'sid-input-frame'}>
        {leading}
        <input
          {...input}
          id={id}
          ref={inputRef}
          className="sid-input"
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {trailing}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  )
}
