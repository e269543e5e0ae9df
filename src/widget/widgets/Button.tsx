import type { ButtonHTMLAttributes, ReactElement } from 'react'
import { Icon } from './Icon.js'
import { Spinner } from './Spinner.js'

export type ButtonVariant = 'primary' | 'secondary' | 'neutral' | 'ghost' | 'link' | 'back'

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  readonly variant?: ButtonVariant
  /** Shows the spinner and disables the button. */
  readonly loading?: boolean
  readonly type?: 'button' | 'submit'
}

/** The widget's button in the spec's six variants, with a loading spinner. */
export function Button({ variant = 'primary', loading = false, type = 'button', disabled, className, children, ...rest }: ButtonProps): ReactElement {
  const classes = ['sid-button', `sid-button--${variant}`, className].filter(Boolean).join(' ')
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {variant === 'back' ? <Icon name="arrowLeft" size={16} /> : null}
      {loading ? <Spinner /> : null}
      <span className="sid-button-text">{children}</span>
    </button>
  )
}
