import type { ReactElement } from 'react'
import { COUNTRIES_FOR_SELECTOR, type Country } from '../countries.js'
import { Dropdown, type DropdownItem } from './Dropdown.js'

/** Flag, name and dial code; the closed control keeps the name for assistive technology only. */
function countryContent(country: Country, nameClass: string) {
  return (
    <>
      <span className="sid-flag" aria-hidden="true">
        {country.flag}
      </span>
      <span className={nameClass}>{country.name}</span>
      <span className="sid-dial-code">{country.dialCode}</span>
    </>
  )
}

const ITEMS: readonly DropdownItem[] = COUNTRIES_FOR_SELECTOR.map((country) => ({ value: country.code, text: country.name, label: countryContent(country, 'sid-country-name') }))

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
      renderValue={(item) => countryContent(byCode.get(item.value)!, 'sid-visually-hidden')}
    />
  )
}
