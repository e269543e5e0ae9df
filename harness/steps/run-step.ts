/** Runs one step of a scenario in its world; a failure throws StepFailure (expected, found). */
import type { World } from '../driver/browser-world.js'
import type { Step } from '../scenario/scenario.js'
import type { StepArgs, StepName } from '../scenario/steps.js'
import * as act from './actions.js'
import * as check from './assertions.js'
import * as provider from './provider-steps.js'
import { rememberScreen } from './templates.js'

type Runner<N extends StepName> = (world: World, args: StepArgs[N]) => Promise<void>

const RUNNERS: { readonly [N in StepName]: Runner<N> } = {
  fill: act.fill,
  pick_tab: act.pickTab,
  pick: act.pick,
  click: act.clickStep,
  check: act.check,
  paste: act.paste,
  enter_code: act.enterCode,
  press: act.press,
  follow_link: act.followLink,
  open: act.open,
  new_tab: act.newTab,
  switch_tab: act.switchTab,
  reload: (world) => world.reload(),
  offline: async (world) => void (world.online = false),
  online: async (world) => void (world.online = true),
  advance: act.advance,
  wait_for: act.waitFor,
  see: check.see,
  not_see: check.notSee,
  screen: check.screen,
  page_title: check.pageTitle,
  field_error: check.fieldError,
  link: check.link,
  enabled: check.enabled,
  disabled: check.disabled,
  url: check.url,
  storage: check.storage,
  session_storage: check.sessionStorage,
  signed_in: check.signedIn,
  events: check.events,
  no_events: check.noEvents,
  analytics: check.analytics,
  calls: check.calls,
  calls_order: check.callsOrder,
  downloaded: check.downloaded,
  nav: check.nav,
  fault: provider.fault,
  clear_faults: provider.clearFaults,
  policy: provider.policy,
  set_groups: provider.setGroups,
  expire_challenges: provider.expireChallenges,
  set_active: provider.setActive,
  add_person: provider.addPerson,
}

export async function runStep(world: World, step: Step): Promise<void> {
  await (RUNNERS[step.name] as Runner<typeof step.name>)(world, step.args as never)
  rememberScreen(world)
}
