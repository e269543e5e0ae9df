/** base64url, UTF-8 and PKCE helpers on Web APIs only (atob/btoa, TextEncoder, crypto.subtle). */

import type { CryptoLike } from './ports.js'

export function bytesToBase64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Decode base64url (padding optional); throws on characters outside the alphabet. */
export function base64urlToBytes(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new TypeError('not base64url')
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

export function base64urlToText(text: string): string {
  return new TextDecoder().decode(base64urlToBytes(text))
}

export function textToBase64url(text: string): string {
  return bytesToBase64url(new TextEncoder().encode(text))
}

/** RFC 7636 §4.1 and §7.1: 32 random octets, base64url → a 43-character verifier. */
export function createCodeVerifier(crypto: CryptoLike): string {
  return bytesToBase64url(crypto.getRandomValues(new Uint8Array(32)))
}

/** RFC 7636 §4.2, S256: BASE64URL(SHA256(ASCII(code_verifier))), no padding. */
export async function codeChallengeS256(crypto: CryptoLike, verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return bytesToBase64url(new Uint8Array(digest))
}
