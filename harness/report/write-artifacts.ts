/** For a failed scenario: the DOM as it was, the trace of its steps, the provider calls and the events, in test-results/<scenario>/. */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ScenarioResult } from '../runner/results.js'
import { slug } from './format-time.js'

export async function writeArtifacts(outputDir: string, result: ScenarioResult): Promise<string | undefined> {
  if (!result.failure) return undefined
  const folder = join(outputDir, slug(result.file))
  await mkdir(folder, { recursive: true })
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`
  const { dom, ...failure } = result.failure
  await Promise.all([
    writeFile(join(folder, 'dom.html'), `<!-- ${`${result.name}: the page when ${failure.step ?? 'the scenario'} failed (${failure.url ?? ''})`.replace(/--/g, '- -')} -->\n${dom}\n`),
    writeFile(join(folder, 'trace.json'), json({ file: result.file, name: result.name, attempt: result.attempt, virtualMs: result.virtualMs, realMs: result.realMs, steps: result.steps, failure })),
    writeFile(join(folder, 'calls.json'), json(result.calls)),
    writeFile(join(folder, 'events.json'), json(failure.events)),
  ])
  return folder
}
