import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { main } from '../../src/cli/main.js'
import { closeProviderServers } from '../../src/cli/run-provider.js'

function capture() {
  const out: string[] = []
  const err: string[] = []
  return { out, err, output: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t) } }
}

const fixture = (name: string) => new URL(`../emulator/fixtures/${name}`, import.meta.url).pathname

test('docsgen provider --help describes the options and the outbox', async () => {
  const { out, output } = capture()
  assert.is(await main(['provider', '--help'], output), 0)
  const text = out.join('')
  for (const part of ['--port <n>', '--host <h>', '--fixture <file>', '8787', '127.0.0.1', '/__test/mailbox', 'outbox']) assert.match(text, part)
})

test('docsgen provider --port 0 --fixture file starts a server, prints where, and serves the fixture', async () => {
  const { out, output } = capture()
  try {
    assert.is(await main(['provider', '--port', '0', '--fixture', fixture('basic.yaml')], output), 0)
    const text = out.join('')
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)![1]!
    assert.match(text, 'org-docs, org-closed')
    assert.match(text, `${url}/sdk.html`)
    const answer = await fetch(`${url}/id/v2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'SlashID-OrgID': 'org-docs' },
      body: JSON.stringify({ handle: { type: 'email_address', value: 'ada@example.test' }, factor: { method: 'password' } }),
    })
    assert.is((await answer.json()).result[0].type, 'password_verify')
    assert.match(await (await fetch(`${url}/`)).text(), 'outbox')
  } finally {
    await closeProviderServers()
  }
})

test('a missing fixture file: a message naming the file, exit code 2', async () => {
  const { err, output } = capture()
  assert.is(await main(['provider', '--port', '0', '--fixture', 'no/such/fixture.yaml'], output), 2)
  assert.match(err.join(''), "cannot read fixture file 'no/such/fixture.yaml': no such file")
})

test('a fixture file the system will not open: its reason in our words, not the platform message', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'docsgen-fixture-'))
  try {
    const loop = join(folder, 'loop.yaml')
    await symlink(loop, loop)
    const { err, output } = capture()
    assert.is(await main(['provider', '--port', '0', '--fixture', loop], output), 2)
    assert.is(err.join(''), `error: cannot read fixture file '${loop}': its symbolic links form a loop\n`)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

test('an invalid fixture: file:line:col and exit code 2', async () => {
  const { err, output } = capture()
  const file = fixture('bad-regex.yaml')
  assert.is(await main(['provider', '--port', '0', '--fixture', file], output), 2)
  assert.match(err.join(''), new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:6:\\d+: organizations\\[0\\]\\.policy\\.passwordRules\\[0\\]\\.pattern`))
  const syntax = capture()
  assert.is(await main(['provider', '--port', '0', '--fixture', fixture('bad-syntax.yaml')], syntax.output), 2)
  assert.match(syntax.err.join(''), /bad-syntax\.yaml:\d+:\d+: /)
})

test('a YAML alias bomb and an unknown tag in a fixture end with file:line:col and exit code 2, not a crash', async () => {
  const bomb = capture()
  assert.is(await main(['provider', '--port', '0', '--fixture', fixture('bomb.yaml')], bomb.output), 2)
  assert.is(
    bomb.err.join(''),
    `error: invalid fixture: ${fixture('bomb.yaml')}:2:8: too many YAML aliases (more than 100 alias expansions): a fixture never needs that many; write the values out\n`,
  )
  const tag = capture()
  assert.is(await main(['provider', '--port', '0', '--fixture', fixture('custom-tag.yaml')], tag.output), 2)
  assert.is(tag.err.join(''), `error: invalid fixture: ${fixture('custom-tag.yaml')}:3:11: unknown YAML tag !!js/function: fixtures hold plain values only\n`)
})

test('a fixture file over 10 MB is refused before it is read', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsgen-fixture-'))
  const file = join(dir, 'huge.yaml')
  try {
    writeFileSync(file, '')
    truncateSync(file, 11 * 1024 * 1024)
    const { err, output } = capture()
    assert.is(await main(['provider', '--port', '0', '--fixture', file], output), 2)
    assert.is(err.join(''), `error: fixture file '${file}' is larger than 10 MB; a fixture lists organizations, persons and faults, not data\n`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('--site-origin lets that site call the emulator from a browser; a value that is not an origin is a usage error', async () => {
  const { out, output } = capture()
  try {
    assert.is(await main(['provider', '--port', '0', '--site-origin', 'https://docs.acme.com', '--site-origin', 'https://b.acme.com'], output), 0)
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out.join(''))![1]!
    assert.match(out.join(''), 'Site origins:              https://docs.acme.com, https://b.acme.com, localhost')
    const allowed = await fetch(`${url}/token/validate`, { method: 'POST', headers: { Origin: 'https://b.acme.com' }, body: '{"token":"x"}' })
    assert.is(allowed.headers.get('access-control-allow-origin'), 'https://b.acme.com')
    assert.is((await fetch(`${url}/token/validate`, { method: 'POST', headers: { Origin: 'https://evil.acme.net' }, body: '{}' })).status, 403)
  } finally {
    await closeProviderServers()
  }
  const bad = capture()
  assert.is(await main(['provider', '--port', '0', '--site-origin', 'https://docs.acme.com/path'], bad.output), 2)
  assert.is(bad.err.join(''), "error: --site-origin must be an origin (http(s), host and port only, like https://docs.example.com), got 'https://docs.acme.com/path'\n")
})

test('a bad port is a usage error (exit 2)', async () => {
  const { err, output } = capture()
  assert.is(await main(['provider', '--port', 'eighty'], output), 2)
  assert.match(err.join(''), '--port must be a whole number')
  assert.is(await main(['provider', '--port', '70000'], capture().output), 2)
})

test.run()
