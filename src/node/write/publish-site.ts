/**
 * The write stage's end: what is site-wide (the stylesheet, the manifests, the sitemap, the files
 * published as they are, what the reader's browser uses) is written beside the pages, whatever an earlier build left in a reused
 * staging folder is swept away, and both folders are swapped in (see write-site.ts).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Manifest } from '../../shared/manifest.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { publicManifest } from '../manifest/public-manifest.js'
import { sitemap } from '../render/sitemap.js'
import type { Stylesheet } from '../render/theme-stylesheet.js'
import type { ReaderFiles } from './reader-assets.js'
import type { WrittenPages } from './write-pages.js'
import { createFileWriter, createStaging, discardStaging, swapIn, sweepStaging, type Staging } from './write-site.js'

export interface SiteStaging {
  readonly public: Staging
  readonly private: Staging
}

/** Staging folders for the deployable and the private output, in the spares of the last build when there are. */
export async function stageSite(outDir: string, privateDir: string, spareDir: string): Promise<SiteStaging> {
  return { public: await createStaging(outDir, join(spareDir, 'public')), private: await createStaging(privateDir, join(spareDir, 'private')) }
}

export async function discardSite(staging: SiteStaging): Promise<void> {
  await Promise.all([discardStaging(staging.public), discardStaging(staging.private)])
}

export interface PublishInput {
  readonly siteDir: string
  readonly manifest: Manifest
  readonly config: ResolvedConfig
  readonly stylesheet: Stylesheet
  readonly staging: SiteStaging
  readonly pages: WrittenPages
  readonly reader: ReaderFiles
}

export async function publishSite({ siteDir, manifest, config, stylesheet, staging, pages, reader }: PublishInput): Promise<{ files: number; bytes: number }> {
  const publicWriter = createFileWriter(staging.public.dir)
  publicWriter.write(stylesheet.file, stylesheet.content)
  publicWriter.write(`${GENERATED_FOLDER}/manifest.json`, json(publicManifest(manifest)))
  for (const file of reader.files) publicWriter.write(file.file, file.content)
  if (config.url !== undefined) publicWriter.write('sitemap.xml', sitemap(manifest, config.url, config.baseUrl))
  const privateWriter = createFileWriter(staging.private.dir)
  privateWriter.write('manifest.json', json(manifest))
  for (const asset of manifest.assets) (asset.access.private ? privateWriter : publicWriter).write(asset.file, readFileSync(join(siteDir, asset.source)))
  await sweepStaging(staging.public, [...pages.written.public, ...pages.written.data, ...reader.written.paths, ...publicWriter.written().paths])
  await sweepStaging(staging.private, [...pages.written.private, ...privateWriter.written().paths])
  await swapIn(staging.public)
  await swapIn(staging.private)
  const files = pages.written.public.length + pages.written.data.length + reader.written.paths.length + publicWriter.written().files
  return { files, bytes: pages.bytes + reader.written.bytes + publicWriter.written().bytes }
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`
}
