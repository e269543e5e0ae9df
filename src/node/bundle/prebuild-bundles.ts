/**
 * Makes and saves docsgen's own browser code for builds to read (prebuilt-bundle.ts); run by
 * scripts/compile.mjs from the compiled copy, so the bundles land in dist/bundles/.
 */
import { minifiedInfimaCompat, minifiedStyles } from '../render/theme-stylesheet.js'
import { makeClientBundle } from './bundle-client.js'
import { makeSearchModule } from './bundle-search-module.js'
import { makeSignInShell } from './bundle-sign-in-shell.js'
import { makeWidgetBundle } from './bundle-widget.js'
import { PREBUILT_FOLDER, savePrebuilt } from './prebuilt-bundle.js'

export async function prebuildBundles(folder = PREBUILT_FOLDER): Promise<void> {
  const [client, widget, shell, search, styles, infima] = await Promise.all([makeClientBundle(), makeWidgetBundle(), makeSignInShell(), makeSearchModule(), minifiedStyles(), minifiedInfimaCompat()])
  await Promise.all([
    savePrebuilt('client', client, folder),
    savePrebuilt('widget', widget, folder),
    savePrebuilt('sign-in-shell', shell, folder),
    savePrebuilt('search-module', search, folder),
    savePrebuilt('stylesheet', styles, folder),
    savePrebuilt('infima-compat', infima, folder),
  ])
}
