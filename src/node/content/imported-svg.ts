/**
 * What a page's import of an SVG file is, as Docusaurus makes it (SVGR): a React component that
 * draws the picture inline, taking the props it is given (`<Svg className={…} role="img" />`,
 * the classic template's home page) over the file's own attributes, and `title` as its title.
 * The markup inside the root element is kept as the file has it. Only a published file of
 * static/ or a file of the site's own code (outside every folder of pages, whose files may be
 * private) can be imported: the picture is written into every page that shows it.
 */
import type { OnLoadResult } from 'esbuild'
import type { Element, Root } from 'hast'
import { raw } from 'hast-util-raw'
import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { VFile } from 'vfile'
import { readTextFile } from '../files/read-text-file.js'
import { slashRelative } from '../files/slash-path.js'

export const importedSvg = /\.svg$/i

/** `sections`: the site-relative folders of pages (docs, each version's, blog, pages); `staticOfFile` as for imported files. */
export function importedSvgModule(path: string, siteDir: string, staticOfFile: ReadonlyMap<string, string>, sections: readonly string[]): OnLoadResult {
  const file = slashRelative(siteDir, path)
  // A section without a folder ('') has no files; one at the site's root ('.') holds every file.
  const inSection = sections.some((folder) => folder === '.' || (folder !== '' && file.startsWith(`${folder}/`)))
  if (file.startsWith('../') || file.includes(':') || (inSection && !staticOfFile.has(file)))
    return failed(`Cannot import "${file}" as a component: only an SVG file of static/ or of the site's own code (src/) can be, not one beside the pages or outside the site. Move it to static/ or src/`)
  const read = readTextFile(path, file, { markdown: false })
  if (read.text === undefined) return failed(`Cannot import "${file}": ${read.diagnostic.message}`)
  const svg = rootElement(read.text)
  if (svg === undefined) return failed(`Cannot import "${file}" as a component: it has no <svg> element`)
  const { title, inner } = innerMarkup(svg, read.text)
  return {
    contents: [
      `import { createElement } from 'react'`,
      `const own = ${JSON.stringify(reactProps(svg))}`,
      `const inner = ${JSON.stringify(inner)}`,
      `const ownTitle = ${JSON.stringify(title)}`,
      `const escaped = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;')`,
      // SVGR's `titleProp`: a title given replaces the file's own.
      `export default function Svg({ title, ...props }) {`,
      `  const named = title === undefined || title === null ? ownTitle : '<title>' + escaped(title) + '</title>'`,
      `  return createElement('svg', { ...own, ...props, dangerouslySetInnerHTML: { __html: named + inner } })`,
      `}`,
    ].join('\n'),
    loader: 'js',
  }
}

function failed(text: string): OnLoadResult {
  return { errors: [{ text }] }
}

/** The file's `<svg>` element, parsed as a browser parses SVG in HTML (with the places of its parts in the text). */
function rootElement(text: string): Element | undefined {
  const start = { line: 1, column: 1, offset: 0 }
  const tree = raw({ type: 'root', children: [{ type: 'raw', value: text, position: { start, end: start } }] } as Root, { file: new VFile(text) }) as Root
  const find = (node: Root | Element): Element | undefined => {
    for (const child of node.children) {
      if (child.type !== 'element') continue
      if (child.tagName === 'svg') return child
      const found = find(child)
      if (found) return found
    }
    return undefined
  }
  return find(tree)
}

/** The root's content as written in the file, and its `<title>` apart (a `title` prop replaces it). */
function innerMarkup(svg: Element, text: string): { title: string; inner: string } {
  const placed = svg.children.filter((child) => child.position?.start.offset !== undefined && child.position.end.offset !== undefined)
  if (placed.length === 0) return { title: '', inner: '' }
  const span = (node: (typeof placed)[number]) => [node.position!.start.offset!, node.position!.end.offset!] as const
  const [start] = span(placed[0]!)
  const [, end] = span(placed[placed.length - 1]!)
  const title = placed.find((child) => child.type === 'element' && child.tagName === 'title')
  if (title === undefined) return { title: '', inner: text.slice(start, end) }
  const [titleStart, titleEnd] = span(title)
  return { title: text.slice(titleStart, titleEnd), inner: text.slice(start, titleStart) + text.slice(titleEnd, end) }
}

/** The root's attributes as React props (`class` → className, `style` text → an object, `xlink:href` → xlinkHref). */
function reactProps(svg: Element): Record<string, unknown> {
  let props: Record<string, unknown> | undefined
  // The element's own call comes first (a fragment may wrap it after).
  const capture = (_type: unknown, given: Record<string, unknown>) => {
    props ??= { ...given }
    return null
  }
  toJsxRuntime({ ...svg, children: [] }, { Fragment: 'fragment', jsx: capture as never, jsxs: capture as never, space: 'svg', elementAttributeNameCase: 'react', stylePropertyNameCase: 'dom' })
  const { children: _children, ...own } = props ?? {}
  return own
}
