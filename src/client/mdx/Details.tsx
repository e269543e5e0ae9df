import type { ReactElement, ReactNode } from 'react'

/** Docusaurus's `<Details summary="…">`. */
export default function Details({ summary, children, open }: { readonly summary?: ReactNode; readonly children?: ReactNode; readonly open?: boolean }): ReactElement {
  return (
    <details className="admonition admonition-details" open={open}>
      <summary>{summary ?? 'Details'}</summary>
      {children}
    </details>
  )
}
