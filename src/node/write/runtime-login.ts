/**
 * The sign-in settings every page hands the browser runtime: the provider, the access rules as
 * the build compiled them (the same patterns the gate applies), the widget's options and the URL
 * of its bundle. All of it is public already: the rules name patterns, never a private page.
 */
import { siteHref, underBaseUrl } from '../../shared/canonical-path.js'
import type { Manifest } from '../../shared/manifest.js'
import type { RuntimeLogin } from '../../shared/runtime-config.js'
import type { ResolvedConfig } from '../config/resolve-config.js'

export function runtimeLogin(config: ResolvedConfig, manifest: Manifest, widgetFile: string): RuntimeLogin | undefined {
  const login = config.login
  if (login === undefined) return undefined
  const form = login.formConfiguration
  return {
    widgetModule: underBaseUrl(config.baseUrl, `/${widgetFile}`),
    orgID: login.orgID,
    baseURL: login.baseURL,
    sdkURL: login.sdkURL,
    uxMode: login.uxMode,
    privateRedirectPath: siteHref(config.baseUrl, login.privateRedirectPath),
    forceLogin: login.forceLogin,
    rules: manifest.privatePaths,
    form: {
      factors: form.factors.map(({ method, options, label }) => ({ method, ...(Object.keys(options).length > 0 ? { options } : {}), ...(label === undefined ? {} : { label }) })),
      logo: form.logo,
      storeLastHandle: form.storeLastHandle,
      text: form.text,
      defaultCountryCode: form.defaultCountryCode,
    },
    privatePages: config.privatePages,
  }
}
