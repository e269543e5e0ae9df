/**
 * A thread that removes folders (spares moved aside: publish-site.ts) on its own: removed
 * asynchronously, their thousands of calls queued on Node's shared file-system threads ahead of
 * the build's own reads and held the build up for seconds. One unlink a file: Node's recursive
 * rmSync took several calls a file (see output-ledger.ts). A link is removed, never followed.
 */
import { readdirSync, rmdirSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'
import { workerData } from 'node:worker_threads'

function removeFolder(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) removeFolder(path)
    else unlinkSync(path)
  }
  rmdirSync(folder)
}

for (const folder of workerData as string[]) removeFolder(folder)
