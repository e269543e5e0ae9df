import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { writeFailureDiagnostic } from '../../../src/node/diagnostics/write-failure.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'

const systemError = (code: string, path: string) => Object.assign(new Error(`${code}: failed, open '${path}'`), { code, path, syscall: 'open' })

test('a failed call in a staging folder names the folder the user chose, relative to the site', () => {
  const failure = writeFailureDiagnostic(systemError('ENOSPC', join('/site', 'build.next-4242', 'docs', 'intro.html')), '/site')
  assert.is(
    formatDiagnostic(failure!),
    'build/docs/intro.html: error: The build could not write here: the disk is full. Make the folder writable by the user running the build and check the disk has room, or choose other folders with --out-dir and --private-dir. [docsgen:output-unwritable]',
  )
})

test('a folder outside the site is named by its absolute path; a file in the way of a folder says so', () => {
  const failure = writeFailureDiagnostic(systemError('EEXIST', '/srv/out.next-17/docs'), '/site')
  assert.is(failure!.file, '/srv/out/docs')
  assert.is(failure!.message, 'The build could not write here: a file is in the way of a folder')
  // A folder whose name begins with ".." is inside the site all the same.
  assert.is(writeFailureDiagnostic(systemError('EACCES', join('/site', '..out.next-3', 'x.html')), '/site')!.file, '..out/x.html')
})

test('errors that are not a failed file-system call on a path are left to be thrown', () => {
  assert.is(writeFailureDiagnostic(new Error('a docsgen bug'), '/site'), undefined)
  assert.is(writeFailureDiagnostic(Object.assign(new Error('worker'), { code: 'ERR_WORKER_OUT_OF_MEMORY', path: '/site/x' }), '/site'), undefined)
  assert.is(writeFailureDiagnostic(Object.assign(new Error('no path'), { code: 'ENOSPC' }), '/site'), undefined)
  assert.is(writeFailureDiagnostic(undefined, '/site'), undefined)
})

test.run()
