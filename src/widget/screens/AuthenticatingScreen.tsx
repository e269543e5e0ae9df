import type { ReactElement } from 'react'
import type { FlowState, Handle, LoginFlow, Prompt } from '../../identity/index.js'
import { ssoProviderName } from '../sso-providers.js'
import { useWidget } from '../widget-context.js'
import { LinkView } from '../views/LinkView.js'
import { MessageView } from '../views/MessageView.js'
import { OtpView } from '../views/OtpView.js'
import { PasswordView } from '../views/PasswordView.js'
import { TotpView } from '../views/TotpView.js'

type View = 'otp' | 'link' | 'password' | 'totp' | 'webauthn' | 'sso' | 'pending'

const VIEW_BY_METHOD: Readonly<Record<string, View>> = {
  otp_via_email: 'otp',
  otp_via_sms: 'otp',
  email_link: 'link',
  sms_link: 'link',
  password: 'password',
  totp: 'totp',
  webauthn: 'webauthn',
  oidc: 'sso',
  saml: 'sso',
}

/**
 * The view for what the flow waits for; before the first prompt, the factor's own view (so it
 * stays mounted, with its state, from "sending" to "enter the code"). A recovery is the password
 * view's recoverPassword step; an organization switch has no factor of its own until prompted.
 */
export function viewFor(prompt: Prompt | undefined, method: string | undefined, options: { recovering: boolean; switching: boolean }): View {
  if (options.recovering) return 'password'
  switch (prompt?.kind) {
    case 'otp':
      return 'otp'
    case 'totpRegister':
    case 'totpVerify':
      return 'totp'
    case 'passwordSet':
    case 'passwordReset':
    case 'passwordVerify':
      return 'password'
    case 'waiting':
      return prompt.for === 'link' ? 'link' : 'sso'
    case 'webauthn':
      return 'webauthn'
  }
  if (options.switching || method === undefined) return 'pending'
  return Object.hasOwn(VIEW_BY_METHOD, method) ? VIEW_BY_METHOD[method]! : 'pending'
}

export interface AuthenticatingScreenProps {
  readonly flow: LoginFlow
  readonly state: FlowState
  readonly handle: Handle | undefined
  readonly recovering: boolean
  readonly switching: boolean
  readonly onForgot: () => void
  readonly onBackToPassword: () => void
}

export function AuthenticatingScreen({ flow, state, handle, recovering, switching, onForgot, onBackToPassword }: AuthenticatingScreenProps): ReactElement {
  const { t } = useWidget()
  const { prompt } = state
  const factor = state.config?.factor
  const method = prompt?.kind === 'otp' ? (prompt.method ?? factor?.method) : factor?.method
  switch (viewFor(prompt, method, { recovering, switching })) {
    case 'otp':
      return <OtpView flow={flow} prompt={prompt} handle={handle} method={method ?? 'otp_via_email'} />
    case 'link':
      return <LinkView flow={flow} prompt={prompt} handle={handle} method={method ?? 'email_link'} />
    case 'password':
      return <PasswordView flow={flow} prompt={prompt} handle={handle} onForgot={onForgot} onBack={onBackToPassword} />
    case 'totp':
      return <TotpView flow={flow} prompt={prompt} />
    case 'webauthn':
      return <MessageView flow={flow} title={t('authenticating.title.webauthn')} message={t('authenticating.message.webauthn')} />
    case 'sso':
      return <MessageView flow={flow} title={t('authenticating.title.oidc', { provider: ssoProviderName(factor?.options) })} message={t('authenticating.message.oidc')} />
    case 'pending':
      return <MessageView flow={flow} title={t('authenticating.title.pending')} message={undefined} />
  }
}
