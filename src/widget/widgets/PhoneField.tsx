import type { ReactElement } from 'react'
import { CountrySelect } from './CountrySelect.js'
import { TextField } from './TextField.js'

export interface PhoneFieldProps {
  readonly label: string
  readonly countryLabel: string
  /** ISO code of the selected country. */
  readonly country: string
  readonly onCountryChange: (code: string) => void
  /** The number without the dial code, as typed. */
  readonly number: string
  readonly onNumberChange: (value: string) => void
  readonly error?: string | undefined
}

/** A tel input with the country selector in front of it. */
export function PhoneField({ label, countryLabel, country, onCountryChange, number, onNumberChange, error }: PhoneFieldProps): ReactElement {
  return (
    <TextField
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      value={number}
      onChange={onNumberChange}
      error={error}
      leading={<CountrySelect label={countryLabel} value={country} onChange={onCountryChange} />}
    />
  )
}
