// A scenario in TypeScript: the same keys as YAML, with types from defineScenario.
import { defineScenario } from 'docsgen/harness'

export default defineScenario({
  name: 'OTP by e-mail — Back cancels the flow and the form starts over',
  tags: ['otp', 'cancel'],
  page: 'widget',
  widget: { factors: [{ method: 'otp_via_email' }, { method: 'password' }], analytics: true },
  fixture: 'docs',
  steps: [
    { pick: { field: 'Authentication method', option: 'Code by email' } },
    { fill: { field: 'Email address', with: 'ada@example.test' } },
    { click: 'Continue' },
    { screen: 'Check your email' },
    { click: 'Back' },
    { screen: 'Welcome to the product' },
    { events: ['idFlowStarted', 'flowCancelled'] },
    { no_events: ['idFlowSucceeded'] },
    { pick: { field: 'Authentication method', option: 'Password' } },
    { click: 'Continue' },
    { fill: { field: 'Password', with: 'Analytical-Engine-1843' } },
    { click: 'Continue' },
    { screen: 'You are now authenticated!' },
    { analytics: ['PersonIdentified_v1', 'AuthenticationSucceeded_v1'] },
  ],
})
