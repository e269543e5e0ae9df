import type { ReactElement, ReactNode } from 'react'

/** Docusaurus's `<CodeBlock language="js" title="…">`: a code block as a fence gives it. */
export default function CodeBlock({ language, title, children }: { readonly language?: string; readonly title?: string; readonly children?: ReactNode }): ReactElement {
  const code = <pre>{<code className={language ? `language-${language.replace(/[^\w+#.-]/g, '')}` : undefined}>{typeof children === 'string' ? children.replace(/\n$/, '') : children}</code>}</pre>
  if (!title) return code
  return (
    <div className="code-block-titled">
      <div className="code-block-title">{title}</div>
      {code}
    </div>
  )
}
