import type { ReactElement } from 'react'
import { COUNTRIES_FOR_SELECTOR } from '../countries.js'
import { Dropdown, type DropdownItem } from './Dropdown.js'

const ITEMS: readonly DropdownItem[] = COUNTRIES_FOR_SELECTOR.map((country) => ({
  value: country.code,
  text: country.name,
  label: (
    <>
      <span className="sid-flag" aria-hidden="true">
        {country.flag}
      </span>
      <span className="sid-country-name">{country.name}</span>
      <span className="sid-dial-code">{country.dialCode}</span>
    </>
  ),
}))

const byCode = new Map(COUNTRIES_FOR_SELECTOR.map((country) => [country.code, country]))

/** The phone input's country selector: flag and dial code, preferred countries first, typeahead by name. */
export function CountrySelect({ label, value, onChange }: { label: string; value: string; onChange: (code: string) => void }): ReactElement {
  return (
    <Dropdown
      label={label}
      hideLabel
      items={ITEMS}
      value={value}
      onChange={onChange}
      renderValue={(item) => {
        const country = byCode.get(item.value)!
        return (
          <>
            <span className="sid-flag" aria-hidden="true">
              {country.flag}
            </span>
            <span className="sid-visually-hidden">{country.name}</span>
            <span className="sid-dial-code">{country.dialCode}</span>
          </>
        )
      }}
    />
  )
}
