/** The provider's part, played through the emulator's test API (`/__test/*`) mid-scenario. */
import type { World } from '../driver/browser-world.js'
import type { StepArgs } from '../scenario/steps.js'
import { StepFailure } from './step-failure.js'

export async function fault(world: World, { rule }: StepArgs['fault']): Promise<void> {
  await world.control('POST', 'faults', rule)
}

export async function clearFaults(world: World): Promise<void> {
  await world.control('DELETE', 'faults')
}

interface OrganizationView {
  id: string
  org_name?: string
  policy?: Record<string, unknown>
}

async function organization(world: World, id: string): Promise<OrganizationView | undefined> {
  return ((await world.control('GET', 'organizations')) as OrganizationView[]).find((org) => org.id === id)
}

export async function policy(world: World, { org, policy: changes }: StepArgs['policy']): Promise<void> {
  const id = org ?? world.oid
  const current = await organization(world, id)
  await world.control('POST', 'organizations', { id, ...(current?.org_name ? { name: current.org_name } : {}), policy: { ...current?.policy, ...changes } })
}

export async function setGroups(world: World, { handle, groups, org }: StepArgs['set_groups']): Promise<void> {
  const type = handle.includes('@') ? 'email_address' : 'phone_number'
  await world.control('POST', 'groups', { handle: { type, value: handle }, groups, org_id: org ?? world.oid })
}

export async function expireChallenges(world: World): Promise<void> {
  const ttl = Number((await organization(world, world.oid))?.policy?.challengeTtlSeconds ?? 600)
  if (!Number.isFinite(ttl)) throw new StepFailure('a challenge lifetime in the policy', String(ttl))
  await world.control('POST', 'clock', { advance_ms: (ttl + 1) * 1000 })
}

export async function addPerson(world: World, { person }: StepArgs['add_person']): Promise<void> {
  await world.control('POST', 'persons', { org: world.oid, ...person })
}

export async function setActive(world: World, { handle, active }: StepArgs['set_active']): Promise<void> {
  const persons = (await world.control('GET', `persons?handle=${encodeURIComponent(handle)}`)) as Array<{ person_id: string; org_id: string }>
  const person = persons.find((candidate) => candidate.org_id === world.oid)
  if (!person) throw new StepFailure(`a person with the handle ${handle} in ${world.oid}`, persons.length === 0 ? 'nobody has it' : `only in ${persons.map((candidate) => candidate.org_id).join(', ')}`)
  await world.control('POST', 'persons/active', { person_id: person.person_id, active })
}
