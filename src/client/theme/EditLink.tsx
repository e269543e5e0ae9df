import type { ReactElement } from 'react'

/** "Edit this page", at the foot of a doc or post whose config says where its source is edited (docs.editUrl, blog.editUrl). */
export function EditLink({ href }: { href: string | undefined }): ReactElement | null {
  if (href === undefined) return null
  return (
    <p className="edit-this-page">
      <a href={href} target="_blank" rel="noopener noreferrer">
        Edit this page
      </a>
    </p>
  )
}
