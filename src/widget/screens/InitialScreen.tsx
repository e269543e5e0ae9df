import { useState, type ReactElement } from 'react'
import type { Factor, Handle, HandleType } from '../../identity/index.js'
import type { TextKey } from '../default-text.js'
import { handleTypesFor, isSsoFactor, methodsFor, sdkFactor } from '../handle-options.js'
import { draftFactor, draftHandle, draftProblem, type LoginDraft } from '../login-draft.js'
import type { FactorConfig } from '../resolve-widget-config.js'
import { Screen } from '../Screen.js'
import { ssoProviderName } from '../sso-providers.js'
import { useWidget } from '../widget-context.js'
import { Button } from '../widgets/Button.js'
import { Divider } from '../widgets/Divider.js'
import { Dropdown } from '../widgets/Dropdown.js'
import { Form } from '../widgets/Form.js'
import { PhoneField } from '../widgets/PhoneField.js'
import { ProviderIcon } from '../widgets/ProviderIcon.js'
import { Tabs } from '../widgets/Tabs.js'
import { TextField } from '../widgets/TextField.js'

export interface InitialScreenProps {
  readonly draft: LoginDraft
  readonly onDraftChange: (draft: LoginDraft) => void
  readonly onLogIn: (handle: Handle | undefined, factor: Factor) => void
}

/** Names of the methods a handle can use (SSO factors are buttons, not methods). */
const FACTOR_TEXT: Readonly<Partial<Record<Factor['method'], TextKey>>> = {
  webauthn: 'factor.webauthn',
  email_link: 'factor.email_link',
  otp_via_email: 'factor.otp_via_email',
  sms_link: 'factor.sms_link',
  otp_via_sms: 'factor.otp_via_sms',
  password: 'factor.password',
  totp: 'factor.totp',
}

const TAB_TEXT: Readonly<Record<HandleType, TextKey>> = {
  email_address: 'initial.handle.tab.email',
  phone_number: 'initial.handle.tab.phone',
  username: 'initial.handle.tab.username',
}

/** The first screen: logo, title, the handle (tabs per type), the method, Continue, 'or', SSO buttons. */
export function InitialScreen({ draft, onDraftChange, onLogIn }: InitialScreenProps): ReactElement {
  const { t, config, passkeySupported } = useWidget()
  const [problem, setProblem] = useState<TextKey | undefined>(undefined)
  const edit = (patch: Partial<LoginDraft>) => {
    setProblem(undefined)
    onDraftChange({ ...draft, ...patch })
  }
  const types = handleTypesFor(config.factors, passkeySupported)
  const methods = draft.type ? methodsFor(config.factors, draft.type, passkeySupported) : []
  const factor = draftFactor(draft, config, passkeySupported)
  const sso = config.factors.filter(isSsoFactor)
  const submit = () => {
    const found = draftProblem(draft)
    setProblem(found)
    if (!found && factor) onLogIn(draftHandle(draft), sdkFactor(factor))
  }
  const fields = (
    <>
      <HandleField draft={draft} edit={edit} error={problem && t(problem)} />
      {methods.length > 1 ? (
        <Dropdown
          label={t('initial.authenticationMethod')}
          items={methods.map((candidate) => {
            const name = t(FACTOR_TEXT[candidate.method] ?? 'factor.password')
            return { value: candidate.method, text: name, label: name }
          })}
          value={factor?.method}
          onChange={(method) => edit({ method: method as Factor['method'] })}
        />
      ) : null}
    </>
  )
  return (
    <Screen
      focusKey="initial"
      top={config.logo ? <img className="sid-logo" src={config.logo} alt={t('initial.logo')} /> : undefined}
      title={t('initial.title')}
      subtitle={t('initial.subtitle')}
    >
      {types.length > 0 ? (
        <Form onSubmit={submit}>
          {types.length > 1 ? (
            <Tabs label={t('initial.handleTypes')} tabs={types.map((type) => ({ id: type, label: t(TAB_TEXT[type]) }))} selected={draft.type} onSelect={(type) => edit({ type: type as HandleType })}>
              {fields}
            </Tabs>
          ) : (
            fields
          )}
          <Button type="submit" disabled={problem !== undefined}>
            {t('initial.submit')}
          </Button>
        </Form>
      ) : null}
      {sso.length > 0 && types.length > 0 ? <Divider>{t('initial.divider')}</Divider> : null}
      {sso.map((entry, index) => (
        <SsoButton key={index} factor={entry} onClick={() => onLogIn(undefined, sdkFactor(entry))} />
      ))}
    </Screen>
  )
}

function HandleField({ draft, edit, error }: { draft: LoginDraft; edit: (patch: Partial<LoginDraft>) => void; error: string | undefined }): ReactElement | null {
  const { t } = useWidget()
  switch (draft.type) {
    case 'email_address':
      return <TextField label={t('initial.handle.email')} type="email" autoComplete="email" value={draft.email} onChange={(email) => edit({ email })} error={error} />
    case 'phone_number':
      return (
        <PhoneField
          label={t('initial.handle.phone')}
          countryLabel={t('initial.handle.phone.country')}
          country={draft.country}
          onCountryChange={(country) => edit({ country })}
          number={draft.phone}
          onNumberChange={(phone) => edit({ phone })}
          error={error}
        />
      )
    case 'username':
      return <TextField label={t('initial.handle.username')} autoComplete="username" value={draft.username} onChange={(username) => edit({ username })} error={error} />
    default:
      return null
  }
}

function SsoButton({ factor, onClick }: { factor: FactorConfig; onClick: () => void }): ReactElement {
  const { t } = useWidget()
  const provider = typeof factor.options?.provider === 'string' ? factor.options.provider : ''
  return (
    <Button variant="secondary" onClick={onClick}>
      {factor.logo ? <img className="sid-sso-logo" src={factor.logo} alt="" /> : <ProviderIcon provider={provider} />}
      {factor.label ?? t('initial.sso', { provider: ssoProviderName(factor.options) })}
    </Button>
  )
}
