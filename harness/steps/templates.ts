/** Filling `{{otp}}`, `{{link}}`, `{{totp}}`, `{{recovery_code}}` and `{{oid}}` from the outbox, the screen and the clock. */
import { createGuardrails, generate } from 'otplib'
import type { OutboxMessage } from '../../src/emulator/index.js'
import type { World } from '../driver/browser-world.js'
import { accessibleName, queryAllByLabel, queryAllByRole } from '../driver/dom-queries.js'
import { fillTemplates, type TemplateName } from '../scenario/values.js'
import { StepFailure } from './step-failure.js'

/** The manual set-up field of the authenticator screen holds the otpauth:// URI. */
const SET_UP_KEY_LABEL = 'Or add this set-up key to your app'
const RECOVERY_CODES_LABEL = 'Recovery codes'

// Fixture secrets may be shorter than otplib's default minimum.
const lenient = createGuardrails({ MIN_SECRET_BYTES: 1 })

/** Notes what the screen shows that later templates need (recovery codes, the set-up key). */
export function rememberScreen(world: World): void {
  const keyField = queryAllByLabel(world.document, SET_UP_KEY_LABEL)[0] as HTMLInputElement | undefined
  if (keyField?.value) world.keyURI = keyField.value
  const list = queryAllByRole(world.document, 'list').find((element) => accessibleName(element) === RECOVERY_CODES_LABEL)
  if (list) world.recoveryCodes = [...list.querySelectorAll('li')].map((item) => (item.textContent ?? '').trim())
}

async function lastMessage(world: World, handle: string | undefined, field: 'otp' | 'link'): Promise<string> {
  const query = handle === undefined ? 'mailbox' : `mailbox?handle=${encodeURIComponent(handle)}`
  // A message may still be on its way (the request that sends it is in flight): look until the page is still.
  for (let still = 0; ; ) {
    const messages = (await world.control('GET', query)) as OutboxMessage[]
    const value = messages.filter((message) => message[field] !== undefined).at(-1)?.[field]
    if (value) return value
    if (still >= 2) {
      throw new StepFailure(`a ${field === 'otp' ? 'one-time code' : 'sign-in link'} in the outbox${handle ? ` for ${handle}` : ''}`, messages.length === 0 ? 'the outbox is empty' : `${messages.length} message(s), none with one`)
    }
    still = (await world.drain()) ? 0 : still + 1
  }
}

async function totpNow(world: World, secret: string | undefined): Promise<string> {
  rememberScreen(world)
  const key = secret ?? (world.keyURI ? new URL(world.keyURI).searchParams.get('secret') ?? undefined : undefined)
  if (!key) throw new StepFailure('an authenticator set-up key on the screen (or {{totp:SECRET}})', 'none was shown in this scenario')
  const clock = (await world.control('GET', 'clock')) as { now_ms: number }
  return generate({ secret: key, epoch: Math.floor(clock.now_ms / 1000), digits: 6, period: 30, algorithm: 'sha1', guardrails: lenient })
}

export function resolveTemplates(world: World, text: string): Promise<string> {
  return fillTemplates(text, async (name: TemplateName, argument) => {
    switch (name) {
      case 'otp':
      case 'link':
        return lastMessage(world, argument, name)
      case 'totp':
        return totpNow(world, argument)
      case 'recovery_code': {
        rememberScreen(world)
        const index = argument === undefined ? 0 : Number(argument) - 1
        const code = world.recoveryCodes[index]
        if (!code) throw new StepFailure(`recovery code ${index + 1} from the recovery-codes screen`, world.recoveryCodes.length === 0 ? 'no recovery codes were shown in this scenario' : `${world.recoveryCodes.length} codes`)
        return code
      }
      case 'oid':
        return world.oid
    }
  })
}
