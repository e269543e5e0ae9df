/**
 * The theme components docsgen draws itself: importable as `@theme/…`, and given to every MDX
 * page under the same names (client/mdx/built-in-components.ts) for pages that use them without
 * importing them.
 */
export const theme = ['Tabs', 'TabItem', 'Admonition', 'CodeBlock', 'Details', 'TOCInline', 'DocCard', 'DocCardList']
