import type { ReactElement, ReactNode } from 'react'

const labels: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger', caution: 'Caution', important: 'Important', success: 'Success' }

/** Docusaurus's `<Admonition type="tip" title="…">`: the markup `:::tip` gives Markdown pages. */
export default function Admonition({ type = 'note', title, children }: { readonly type?: string; readonly title?: ReactNode; readonly children?: ReactNode }): ReactElement {
  const kind = Object.hasOwn(labels, type) ? type : 'note'
  return (
    <div className={`admonition admonition-${kind}`} role="note">
      <p className="admonition-heading">{title ?? labels[kind]}</p>
      <div className="admonition-content">{children}</div>
    </div>
  )
}
