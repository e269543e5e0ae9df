import type { ReactElement, ReactNode } from 'react'
import { CODE_LENGTH } from '../field-validators.js'
import { Button } from '../widgets/Button.js'
import { Form } from '../widgets/Form.js'
import { OtpInput } from '../widgets/OtpInput.js'

export interface CodeFormProps {
  readonly label: string
  readonly code: string
  readonly error: string | undefined
  readonly submitting: boolean
  readonly submitLabel: string
  readonly onEdit: (code: string) => void
  readonly onSubmit: () => void
  /** Another field instead of the code boxes (a recovery code). */
  readonly field?: ReactNode
}

/** A 6-digit code in boxes, submitted on its own once complete, or with the button. */
export function CodeForm({ label, code, error, submitting, submitLabel, onEdit, onSubmit, field }: CodeFormProps): ReactElement {
  return (
    <Form onSubmit={onSubmit}>
      {field ?? (
        <OtpInput
          label={label}
          length={CODE_LENGTH}
          value={code}
          onChange={(next) => {
            onEdit(next)
            if (next.length === CODE_LENGTH) onSubmit()
          }}
          error={error}
          disabled={submitting}
        />
      )}
      <Button type="submit" loading={submitting} disabled={error !== undefined}>
        {submitLabel}
      </Button>
    </Form>
  )
}
