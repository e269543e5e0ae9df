// markdown-it-footnote ships no types; it is a markdown-it plugin taking no options.
declare module 'markdown-it-footnote' {
  import type { PluginSimple } from 'markdown-it'
  const markdownItFootnote: PluginSimple
  export default markdownItFootnote
}
