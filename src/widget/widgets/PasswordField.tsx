import { useState, type ReactElement } from 'react'
import { useWidget } from '../widget-context.js'
import { Icon } from './Icon.js'
import { TextField, type TextFieldProps } from './TextField.js'

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>): ReactElement {
  const { t } = useWidget()
  const [shown, setShown] = useState(false)
  const toggle = (
    <button
      type="button"
      className="sid-input-action"
      aria-label={shown ? t('password.hide') : t('password.show')}
      onClick={() => setShown(!shown)}
      disabled={props.disabled}
    >
      <Icon name={shown ? 'eyeOff' : 'eye'} size={18} />
    </button>
  )
  return <TextField {...props} type={shown ? 'text' : 'password'} trailing={toggle} />
}
