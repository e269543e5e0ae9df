import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Installs `cjs-widget` in the site's node_modules: a CommonJS package whose `Widget` requires React and draws "widget works". */
export async function installCommonJsWidget(siteDir: string): Promise<void> {
  const folder = join(siteDir, 'node_modules', 'cjs-widget')
  await mkdir(folder, { recursive: true })
  await writeFile(join(folder, 'package.json'), '{ "name": "cjs-widget", "main": "index.js" }\n')
  await writeFile(join(folder, 'index.js'), "const React = require('react')\nexports.Widget = () => React.createElement('strong', null, 'widget works')\n")
}
