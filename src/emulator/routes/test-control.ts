/**
 * /__test/* control endpoints (the mailbox, groups and reset, plus faults, clock, persons,
 * organizations, lockouts): what a harness reads and changes. Numbers are whole and bounded.
 */
import { ApiError, fail, ok, optionalString, readJsonObject, requireString } from '../http.js'
import { parseHandle } from '../handles.js'
import { validateFault } from '../faults.js'
import { fixtureOrganizationProblems, fixturePersonProblems } from '../fixture.js'
import { isoSeconds } from '../model.js'
import type { Route, RouteContext } from '../route.js'
import { normalizeMailboxQuery } from '../state.js'
import type { FaultRule, FixtureOrganization, FixturePerson } from '../types.js'
import { orgShape } from './persons.js'

/** The largest step of `POST /__test/clock {advance_ms}`: 100 years. */
const MAX_CLOCK_STEP_MS = 100 * 365 * 24 * 3600 * 1000
const LATEST_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

export const TEST_ENDPOINT_NAMES = ['mailbox', 'groups', 'reset', 'faults', 'clock', 'persons', 'persons/active', 'organizations', 'lockouts', 'events']

export const testRoutes: Route[] = [
  { path: '/__test/mailbox', allow: ['GET', 'DELETE'], handle: mailbox },
  { path: '/__test/groups', allow: ['POST'], handle: groups },
  { path: '/__test/reset', allow: ['POST'], handle: reset },
  { path: '/__test/faults', allow: ['GET', 'POST', 'DELETE'], handle: faults },
  { path: '/__test/clock', allow: ['GET', 'POST'], handle: clock },
  { path: '/__test/persons', allow: ['GET', 'POST'], handle: persons },
  { path: '/__test/persons/active', allow: ['POST'], handle: personActive },
  { path: '/__test/organizations', allow: ['GET', 'POST'], handle: organizations },
  { path: '/__test/lockouts', allow: ['GET', 'DELETE'], handle: lockouts },
  { path: '/__test/events', allow: ['GET'], handle: ({ s }) => ok([...s.events]) },
]

function mailbox({ s, method, url }: RouteContext): Response {
  if (method === 'DELETE') {
    s.messages = []
    return ok({ deleted: true })
  }
  const handle = url.searchParams.get('handle')
  let list = handle === null ? s.outbox() : s.outbox(handle)
  const challengeId = url.searchParams.get('challenge_id')
  if (challengeId) list = list.filter((m) => m.challenge_id === challengeId)
  return ok(list)
}

async function groups({ s, request }: RouteContext): Promise<Response> {
  const body = await readJsonObject(request)
  const handle = parseHandle(body.handle)
  const list = body.groups
  if (!Array.isArray(list) || !list.every((g) => typeof g === 'string')) throw new ApiError(400, 'malformed request body: groups must be a list of strings')
  const orgId = optionalString(body, 'org_id')
  s.setGroups(handle, list as string[], orgId)
  return ok({ handle, groups: list, ...(orgId ? { org_id: orgId } : {}) })
}

async function reset({ s, request }: RouteContext): Promise<Response> {
  await readJsonObject(request, { optional: true })
  await s.reset()
  return ok({ reset: true })
}

async function faults({ s, request, method, url }: RouteContext): Promise<Response> {
  if (method === 'GET') return ok(s.faults())
  if (method === 'DELETE') {
    const id = url.searchParams.get('id')
    if (id) return s.removeFault(id) ? ok({ removed: id }) : fail(404, `no fault with id '${id}'`)
    s.clearFaults()
    return ok({ removed: 'all' })
  }
  const body = await readJsonObject(request)
  const problems = validateFault(body)
  if (problems.length > 0) throw new ApiError(400, `invalid fault rule: ${problems.join('; ')}`)
  return ok({ id: s.addFault(body as unknown as FaultRule) }, 201)
}

async function clock({ s, request, method }: RouteContext): Promise<Response> {
  if (method === 'POST') {
    const body = await readJsonObject(request)
    if (body.advance_ms !== undefined) {
      const step = body.advance_ms
      if (typeof step !== 'number' || !Number.isInteger(step) || Math.abs(step) > MAX_CLOCK_STEP_MS) {
        throw new ApiError(400, `malformed request body: advance_ms must be a number: whole milliseconds from ${-MAX_CLOCK_STEP_MS} to ${MAX_CLOCK_STEP_MS} (100 years)`)
      }
      if (!inClockRange(s.now() + step)) throw new ApiError(400, `malformed request body: advance_ms would move the clock ${step < 0 ? 'before 1970-01-01' : 'past 9999-12-31'}`)
      s.advanceClock(step)
    } else if (body.now_ms !== undefined || body.now !== undefined) {
      const target = typeof body.now_ms === 'number' ? body.now_ms : typeof body.now === 'string' ? Date.parse(body.now) : NaN
      if (!inClockRange(target)) throw new ApiError(400, 'malformed request body: now_ms must be a number or now an ISO date, from 1970-01-01 to 9999-12-31')
      s.setNow(target)
      // Answer with the instant asked for: a running clock may tick between setting and reading.
      return ok({ now_ms: target, now: isoSeconds(target) })
    } else {
      throw new ApiError(400, 'malformed request body: give advance_ms, now_ms or now')
    }
  }
  const now = s.now()
  return ok({ now_ms: now, now: isoSeconds(now) })
}

/** A time the emulator's clock may show: tokens and dates stay valid from 1970 to 9999. */
function inClockRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= 0 && ms <= LATEST_CLOCK_MS
}

async function persons({ s, request, method, url }: RouteContext): Promise<Response> {
  if (method === 'GET') {
    const handle = url.searchParams.get('handle')
    const wanted = handle === null ? undefined : normalizeMailboxQuery(handle)
    return ok(s.persons().filter((p) => wanted === undefined || p.handles.some((h) => h.value === wanted)))
  }
  const body = await readJsonObject(request)
  const problems = fixturePersonProblems(body)
  if (problems.length > 0) throw new ApiError(400, `invalid person: ${problems.join('; ')}`)
  const id = await s.addPerson(body as FixturePerson)
  return ok(s.persons().find((p) => p.person_id === id), 201)
}

async function personActive({ s, request }: RouteContext): Promise<Response> {
  const body = await readJsonObject(request)
  const personId = requireString(body, 'person_id')
  if (typeof body.active !== 'boolean') throw new ApiError(400, 'malformed request body: active must be true or false')
  if (!s.setPersonActive(personId, body.active)) throw new ApiError(404, `no person with id '${personId}'`)
  return ok({ person_id: personId, active: body.active })
}

async function organizations({ s, request, method }: RouteContext): Promise<Response> {
  if (method === 'GET') return ok([...s.orgs.values()].map((o) => ({ ...orgShape(o), policy: o.policy })))
  const body = await readJsonObject(request)
  const problems = fixtureOrganizationProblems(body)
  if (problems.length > 0) throw new ApiError(400, `invalid organization: ${problems.join('; ')}`)
  s.upsertOrganization(body as unknown as FixtureOrganization)
  return ok(orgShape(s.orgs.get(body.id as string)!), 201)
}

function lockouts({ s, method }: RouteContext): Response {
  if (method === 'GET') return ok(s.lockouts.list(s.now()))
  s.lockouts.clear()
  return ok({ cleared: true })
}
