/**
 * A doc's or post's "Edit this page" URL, from docs.editUrl or blog.editUrl: the page's file,
 * relative to the site folder, added to the URL (Docusaurus's editUrl), or put in place of
 * `:path` relative to its docs or blog folder (VitePress's editLink.pattern). The path's parts
 * are encoded, so a file name cannot change the URL's host, query or fragment.
 */
import type { Route } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'

export function editLinkOf(route: Route, config: Pick<ResolvedConfig, 'docs' | 'blog' | 'folders'>): string | undefined {
  const pattern = route.kind === 'doc' ? config.docs.editUrl : route.kind === 'post' ? config.blog.editUrl : undefined
  const source = route.source
  if (pattern === undefined || source === undefined) return undefined
  const encoded = (path: string) => path.split('/').map(encodeURIComponent).join('/')
  if (!pattern.includes(':path')) return `${pattern.replace(/\/*$/, '/')}${encoded(source)}`
  const folders = route.kind === 'post' ? [config.folders.blog] : config.docs.versions.map((version) => version.folder)
  const folder = folders.find((candidate) => candidate !== '.' && source.startsWith(`${candidate}/`))
  return pattern.replaceAll(':path', encoded(folder === undefined ? source : source.slice(folder.length + 1)))
}
