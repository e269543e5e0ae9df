import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { accessFor, compilePrivatePathRules } from '../../../src/node/manifest/private-path-rules.js'

const compile = (...paths: string[]) => compilePrivatePathRules(paths.map((path) => ({ path, groups: ['admins'] })))

test('a ** glob covers the folder index and everything below it', () => {
  const { compiled } = compile('/docs/Private/**')
  for (const path of ['/docs/Private/', '/docs/Private/notice', '/docs/Private/Vault/KCSIE Filtering Responsibilities']) assert.ok(compiled[0]!.test(path), path)
  for (const path of ['/docs/Privateer', '/docs/private/notice', '/docs/Sanctum/intro']) assert.not.ok(compiled[0]!.test(path), path)
})

test('a single * stays within one segment', () => {
  const { compiled } = compile('/docs/Private/*')
  assert.ok(compiled[0]!.test('/docs/Private/notice'))
  assert.not.ok(compiled[0]!.test('/docs/Private/Vault/secrets'))
})

test('a plain path covers itself and what is under it, never a longer sibling name', () => {
  const { compiled } = compile('/docs/Private')
  assert.ok(compiled[0]!.test('/docs/Private'))
  assert.ok(compiled[0]!.test('/docs/Private/'))
  assert.ok(compiled[0]!.test('/docs/Private/Frost/OSINT MAKES ME CRY'))
  assert.not.ok(compiled[0]!.test('/docs/PrivateNotes'))
})

test('the RegExp source given to the client matches the same routes', () => {
  const { compiled } = compile('/docs/Private/**', '/docs/Vault')
  for (const rule of compiled) {
    const regexp = new RegExp(rule.pattern)
    for (const path of ['/docs/Private/notice', '/docs/Vault/x', '/docs/Vaults', '/docs/other']) assert.is(regexp.test(path), rule.test(path), `${rule.rule.path} ${path}`)
  }
})

test('invalid rules are reported with their reason, not compiled', () => {
  const { compiled, invalid } = compile('/docs/[Private', 'docs/relative', '!/docs/x', ' ')
  assert.equal(compiled, [])
  assert.equal(
    invalid.map((entry) => `${entry.rule.path}: ${entry.reason}`),
    [
      '/docs/[Private: is not a valid glob: Missing closing: "]" - use "\\\\]" to match literal characters',
      'docs/relative: must start with "/" (rules match route paths such as "/docs/Private/notice")',
      '!/docs/x: must start with "/" (rules match route paths such as "/docs/Private/notice")',
      ' : is empty',
    ],
  )
})

test('every matching rule applies: their groups add up (spec 000 §5)', () => {
  const { compiled } = compilePrivatePathRules([
    { path: '/docs/Private/**', groups: ['admins'] },
    { path: '/docs/Private/Vault/**', groups: ['safeguarding'] },
  ])
  assert.equal(accessFor('/docs/Private/Vault/x', compiled), { private: true, groups: ['admins', 'safeguarding'], rules: ['/docs/Private/**', '/docs/Private/Vault/**'] })
  assert.equal(accessFor('/docs/Sanctum/intro', compiled), { private: false })
})

test.run()
