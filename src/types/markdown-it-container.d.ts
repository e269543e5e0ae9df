// markdown-it-container's own types are written for markdown-it's CommonJS build; this is its shape.
declare module 'markdown-it-container' {
  import type { PluginWithParams } from 'markdown-it'
  const markdownItContainer: PluginWithParams
  export default markdownItContainer
}
