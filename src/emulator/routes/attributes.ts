/** A person's attributes (by bucket, with end-user access rules) and GDPR consent. */
import { ApiError, ok, readJsonObject } from '../http.js'
import { isoSeconds } from '../model.js'
import type { Route } from '../route.js'
import { currentPerson } from '../sign-in.js'
import type { EmulatorState } from '../state.js'

const ATTRIBUTE_BUCKETS = [
  'end_user_read_write',
  'end_user_read_only',
  'end_user_no_access',
  'person_pool-end_user_read_write',
  'person_pool-end_user_read_only',
  'person_pool-end_user_no_access',
]

export const attributeRoutes: Route[] = [
  { path: '/attributes', handle: ({ s, request, method }) => attributes(s, request, method, undefined) },
  { path: '/attributes/:bucket', handle: ({ s, request, method, params }) => attributes(s, request, method, params.bucket) },
  { path: '/consent/gdpr', handle: ({ s, request, method }) => consent(s, request, method) },
]

export async function attributes(s: EmulatorState, request: Request, method: string, bucket: string | undefined): Promise<Response> {
  const person = await currentPerson(s, request)
  if (bucket !== undefined && !ATTRIBUTE_BUCKETS.includes(bucket)) throw new ApiError(404, `unknown attribute bucket '${bucket}' (known: ${ATTRIBUTE_BUCKETS.join(', ')})`)
  const name = bucket ?? 'end_user_read_write'
  const readable = (b: string) => !b.endsWith('no_access')
  const writable = (b: string) => b.endsWith('read_write')
  if (method === 'GET') {
    if (bucket) {
      if (!readable(bucket)) throw new ApiError(403, `attribute bucket '${bucket}' is not accessible to end users`)
      return ok(person.attributes[bucket] ?? {})
    }
    const visible: Record<string, unknown> = {}
    for (const [b, values] of Object.entries(person.attributes)) if (readable(b)) visible[b] = values
    return ok(visible)
  }
  if (!['PUT', 'PATCH', 'DELETE'].includes(method)) throw new ApiError(405, `method ${method} not allowed on attributes`)
  if (!writable(name)) throw new ApiError(403, `attribute bucket '${name}' is read-only for end users`)
  if (method === 'DELETE') {
    const url = new URL(request.url)
    const keys = url.searchParams.getAll('attributes')
    if (keys.length === 0) delete person.attributes[name]
    else for (const key of keys) delete person.attributes[name]?.[key]
    return new Response(null, { status: 204 })
  }
  const body = await readJsonObject(request)
  if (bucket === undefined) {
    // PUT/PATCH /attributes takes { bucket: { key: value } }.
    for (const [b, values] of Object.entries(body)) {
      if (!ATTRIBUTE_BUCKETS.includes(b) || !writable(b)) throw new ApiError(403, `attribute bucket '${b}' is not writable by end users`)
      if (values === null || typeof values !== 'object' || Array.isArray(values)) throw new ApiError(400, `malformed request body: ${b} must be an object`)
      person.attributes[b] = { ...(method === 'PATCH' ? person.attributes[b] : {}), ...(values as Record<string, unknown>) }
    }
  } else {
    person.attributes[name] = { ...(method === 'PATCH' ? person.attributes[name] : {}), ...body }
  }
  return new Response(null, { status: 204 })
}

export async function consent(s: EmulatorState, request: Request, method: string): Promise<Response> {
  const person = await currentPerson(s, request)
  if (method === 'GET') return ok({ consents: person.consents })
  if (method === 'DELETE') {
    person.consents = []
    return new Response(null, { status: 204 })
  }
  if (method !== 'POST' && method !== 'PUT') throw new ApiError(405, `method ${method} not allowed on /consent/gdpr`)
  const body = await readJsonObject(request)
  const levels = body.consent_levels
  if (!Array.isArray(levels) || !levels.every((l) => typeof l === 'string')) {
    throw new ApiError(400, 'malformed request body: consent_levels must be a list of strings')
  }
  const at = isoSeconds(s.now())
  const fresh = (levels as string[]).map((consent_level) => ({ consent_level, created_at: at }))
  person.consents = method === 'PUT' ? fresh : [...person.consents.filter((c) => !levels.includes(c.consent_level)), ...fresh]
  return ok({ consents: person.consents })
}
