import { useId, useRef, type ClipboardEvent, type KeyboardEvent, type ReactElement } from 'react'
import { useWidget } from '../widget-context.js'
import { FieldError } from './FieldError.js'

/** Boxes of the one-time-code input unless told otherwise. */
export const DEFAULT_OTP_BOXES = 4

export interface OtpInputProps {
  /** Names the group of boxes. */
  readonly label: string
  /** The characters typed so far, from the first box on. */
  readonly value: string
  readonly onChange: (value: string) => void
  readonly length?: number
  /** Digits only (default true). */
  readonly numeric?: boolean
  readonly error?: string | undefined
  readonly disabled?: boolean
}

/**
 * One box per character, filled from the left. Typing moves on, Backspace on an empty box goes
 * back, arrows and Home/End move, a paste (or an autofill that types the whole code into one
 * box) fills the boxes from the current one, cut to the box count.
 */
export function OtpInput({ label, value, onChange, length = DEFAULT_OTP_BOXES, numeric = true, error, disabled }: OtpInputProps): ReactElement {
  const { t } = useWidget()
  const id = useId()
  const boxes = useRef<Array<HTMLInputElement | null>>([])
  const keep = (text: string) => (numeric ? text.replace(/\D/g, '') : text.replace(/\s/g, ''))
  const focus = (index: number) => boxes.current[Math.min(Math.max(index, 0), length - 1)]?.focus()

  /** Writes `typed` from box `index` on (never leaving a gap before it). */
  const fill = (index: number, typed: string) => {
    const start = Math.min(index, value.length)
    const next = (value.slice(0, start) + typed + value.slice(start + typed.length)).slice(0, length)
    onChange(next)
    focus(start + typed.length)
  }
  const onInput = (index: number, raw: string) => {
    const typed = keep(raw)
    if (raw === '') onChange(value.slice(0, index) + value.slice(index + 1))
    else if (typed !== '') fill(index, typed)
  }
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: Math.min(index + 1, value.length), Home: 0, End: value.length }
    if (Object.hasOwn(moves, event.key)) {
      event.preventDefault()
      focus(moves[event.key]!)
    } else if (event.key === 'Backspace' && (value[index] ?? '') === '' && index > 0) {
      event.preventDefault()
      onChange(value.slice(0, index - 1) + value.slice(index))
      focus(index - 1)
    }
  }
  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const typed = keep(event.clipboardData.getData('text'))
    if (typed !== '') fill(index, typed)
  }
  return (
    <div className="sid-field">
      <span id={`${id}-label`} className="sid-label">
        {label}
      </span>
      <div className="sid-otp" role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
        {Array.from({ length }, (_, index) => (
          <input
            key={index}
            ref={(element) => void (boxes.current[index] = element)}
            className={error ? 'sid-otp-box sid-otp-box--invalid' : 'sid-otp-box'}
            value={value[index] ?? ''}
            onChange={(event) => onInput(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
            inputMode={numeric ? 'numeric' : 'text'}
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('authenticating.otpInput.digit', { index: index + 1, count: length })}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
          />
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
