/**
 * `webauthn_create` and `webauthn_get` through `navigator.credentials` (the `credentials` port).
 * Binary fields travel base64url on the wire and as ArrayBuffers in the browser API.
 */

import { ERROR_MESSAGES, IdentityError } from '../errors.js'
import { base64urlToBytes, bytesToBase64url } from '../encoding.js'
import type { ChallengeHandler } from './context.js'

type Json = Record<string, any>

const toBuffer = (value: unknown) => base64urlToBytes(String(value ?? '')).buffer as ArrayBuffer
const toText = (value: ArrayBuffer | null | undefined) =>
  value ? bytesToBase64url(new Uint8Array(value)) : null

const withBinaryIds = (list: unknown) =>
  Array.isArray(list) ? list.map((item: Json) => ({ ...item, id: toBuffer(item.id) })) : undefined

function creationOptions(options: Json): PublicKeyCredentialCreationOptions {
  return {
    ...options,
    challenge: toBuffer(options.challenge),
    user: { ...options.user, id: toBuffer(options.user?.id) },
    excludeCredentials: withBinaryIds(options.excludeCredentials),
  } as PublicKeyCredentialCreationOptions
}

function requestOptions(options: Json): PublicKeyCredentialRequestOptions {
  return {
    ...options,
    challenge: toBuffer(options.challenge),
    allowCredentials: withBinaryIds(options.allowCredentials),
  } as PublicKeyCredentialRequestOptions
}

function serialize(credential: Json, ceremony: 'create' | 'get'): Json {
  const response = credential.response as Json
  return {
    id: credential.id,
    rawId: toText(credential.rawId),
    type: credential.type,
    clientExtensionResults:
      typeof credential.getClientExtensionResults === 'function' ? credential.getClientExtensionResults() : {},
    response:
      ceremony === 'create'
        ? { attestationObject: toText(response.attestationObject), clientDataJSON: toText(response.clientDataJSON) }
        : {
            clientDataJSON: toText(response.clientDataJSON),
            authenticatorData: toText(response.authenticatorData),
            signature: toText(response.signature),
            userHandle: toText(response.userHandle),
          },
  }
}

const handleWebauthn =
  (ceremony: 'create' | 'get'): ChallengeHandler =>
  async (challenge, context) => {
    const credentials = context.ports.credentials
    if (!credentials) throw new IdentityError('invalidAuthenticationMethodError', ERROR_MESSAGES.webAuthnUnavailable)
    const options = (challenge.options ?? {}) as Json
    context.setPrompt({ kind: 'webauthn', challengeId: challenge.id, ceremony })
    let credential: Credential | null
    try {
      credential =
        ceremony === 'create'
          ? await credentials.create({ publicKey: creationOptions(options), signal: context.signal })
          : await credentials.get({ publicKey: requestOptions(options), signal: context.signal })
    } catch (cause) {
      if (context.signal.aborted) throw cause
      const name = (cause as { name?: string } | null)?.name
      if (name === 'NotAllowedError' || name === 'AbortError') {
        throw new IdentityError('passkeyPromptDismissed', ERROR_MESSAGES.passkeyPromptDismissed, { cause })
      }
      throw new IdentityError('invalidAuthenticationMethodError', (cause as Error)?.message ?? String(cause), { cause })
    }
    if (!credential) throw new IdentityError('passkeyPromptDismissed', ERROR_MESSAGES.passkeyPromptDismissed)
    return context.attest({
      challenge_id: challenge.id,
      challenge_type: `webauthn_${ceremony}`,
      data: serialize(credential as unknown as Json, ceremony),
    })
  }

export const handleWebauthnCreate = handleWebauthn('create')
export const handleWebauthnGet = handleWebauthn('get')
