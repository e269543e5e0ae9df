/**
 * The tab markers of `::: tabs` containers (vitepress-plugin-tabs's syntax): a line `== name`
 * starts the tab called `name`; what follows, up to the next marker or the container's end, is
 * the tab's content. The marker is a `tab_marker` token whose info is the name.
 */
import type { MarkdownIt, StateBlock } from 'markdown-it'
import type { Node } from 'mdast'

declare module 'mdast' {
  interface TabMarker extends Node {
    type: 'tabMarker'
    label: string
  }
  interface RootContentMap {
    tabMarker: TabMarker
  }
  interface BlockContentMap {
    tabMarker: TabMarker
  }
}

export function useTabMarkers(instance: MarkdownIt): void {
  instance.block.ruler.before('paragraph', 'tab_marker', tabMarker, { alt: ['paragraph'] })
}

function tabMarker(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false
  // The name is taken to the line's end and trimmed after: a lazy name before optional spaces
  // tried every split of a long run of them.
  const match = /^==[ \t]+(\S.*)$/.exec(state.src.slice(start, state.eMarks[startLine]))
  if (!match) return false
  if (silent) return true
  state.line = startLine + 1
  const token = state.push('tab_marker', '', 0)
  token.info = trimSpacesEnd(match[1]!)
  token.map = [startLine, startLine + 1]
  return true
}

function trimSpacesEnd(text: string): string {
  let end = text.length
  while (text[end - 1] === ' ' || text[end - 1] === '\t') end--
  return text.slice(0, end)
}
