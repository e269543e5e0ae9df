/**
 * One call to the provider (its JWKS, `/token/validate`): the answer's status and text, within the
 * request's time limit (its signal) and at most `maxBytes` of text. The body is read as it streams
 * and dropped once it is larger, and the wait ends when the signal fires even if the platform's
 * fetch ignores it, so an answer that never ends, or never starts, costs neither memory nor a
 * request that never finishes. Web APIs only, like the rest of the gate.
 */
import type { FetchEdge } from './gate-options.js'

export async function askProvider(fetch: FetchEdge, request: Request, maxBytes: number): Promise<{ readonly ok: boolean; readonly status: number; readonly text: string }> {
  const { signal } = request
  const late = new Promise<never>((_, reject) => {
    const fail = () => reject(new Error('no answer within the time limit'))
    if (signal.aborted) fail()
    else signal.addEventListener('abort', fail, { once: true })
  })
  late.catch(() => {})
  const response = await Promise.race([fetch(request), late])
  if (response.body === null) return { ok: response.ok, status: response.status, text: '' }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), late])
      if (done) break
      total += value.byteLength
      if (total > maxBytes) throw new Error(`the answer is larger than ${maxBytes} bytes`)
      chunks.push(value)
    }
  } catch (error) {
    void reader.cancel().catch(() => {})
    throw error
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { ok: response.ok, status: response.status, text: new TextDecoder().decode(bytes) }
}
