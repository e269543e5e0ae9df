/** Persons: anonymous persons, /me, /me/orgs, and the SDK's analytics events. */
import { ApiError, json, ok, optionalString, readJsonObject } from '../http.js'
import { sameHandle } from '../handles.js'
import type { Org, Person } from '../model.js'
import type { Route } from '../route.js'
import { currentPerson, mintFor } from '../sign-in.js'
import type { EmulatorState } from '../state.js'

export const personRoutes: Route[] = [
  { path: '/persons/anonymous', allow: ['POST'], handle: ({ s, request }) => createAnonymous(s, request) },
  { path: '/actions/sdk', allow: ['POST'], handle: ({ s, request }) => analytics(s, request) },
  { path: '/events', allow: ['POST'], handle: ({ s, request }) => analytics(s, request) },
  { path: '/me', allow: ['GET'], handle: ({ s, request }) => me(s, request) },
  { path: '/me/orgs', allow: ['GET'], handle: ({ s, request }) => meOrgs(s, request) },
]

export async function createAnonymous(s: EmulatorState, request: Request): Promise<Response> {
  const body = await readJsonObject(request, { optional: true })
  const org = s.orgFromHeader(request)
  if (!s.policy(org, 'anonymousUsers')) throw new ApiError(403, 'anonymous users are not allowed for this organization')
  const person = s.createPerson(org, [], 'anonymous')
  const region = optionalString(body, 'region')
  if (region) person.region = region
  const token = await mintFor(s, person, [])
  return ok(token, 201)
}

export async function analytics(s: EmulatorState, request: Request): Promise<Response> {
  const body = await readJsonObject(request, { optional: true })
  s.events.push(body)
  if (s.events.length > 1000) s.events.shift()
  return json({}, 201)
}

export async function me(s: EmulatorState, request: Request): Promise<Response> {
  const person = await currentPerson(s, request)
  return ok(personShape(person))
}

export function personShape(person: Person) {
  return {
    active: person.active,
    person_id: person.id,
    person_type: person.type,
    region: person.region,
    handles: person.handles,
    groups: person.groups,
    attributes: person.attributes,
  }
}

export async function meOrgs(s: EmulatorState, request: Request): Promise<Response> {
  const person = await currentPerson(s, request)
  const orgIds = new Set<string>()
  for (const p of s.people.values()) {
    if (p.id === person.id || s.provenHandles(p).some((h) => s.provenHandles(person).some((o) => sameHandle(h, o)))) orgIds.add(p.orgId)
  }
  return ok([...orgIds].map((id) => orgShape(s.orgs.get(id)!)))
}

export function orgShape(org: Org) {
  return { id: org.id, org_name: org.name, tenant_name: org.tenantName ?? org.name, ...(org.parentId ? { parent_id: org.parentId } : {}) }
}
