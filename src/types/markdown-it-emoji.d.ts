// markdown-it-emoji ships no types; its plugins take markdown-it and optional options.
declare module 'markdown-it-emoji' {
  import type { PluginWithOptions } from 'markdown-it'
  export const full: PluginWithOptions<{ defs?: Record<string, string>; enabled?: string[]; shortcuts?: Record<string, string | string[]> }>
}
