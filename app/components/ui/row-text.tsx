import type { ReactNode } from 'react'

/**
 * The text of a list row (a reminder, a waitlist entry, a token, a webhook endpoint): `title` in bold, then
 * `children`, the lines under it, in small type. It may shrink beside the row's action, and a long word wraps.
 */
export function RowText({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="font-medium break-words">{title}</p>
      {children}
    </div>
  )
}
