import { Link } from '@remix-run/react'

/** "← Back to …" above a page's heading: the page it came from. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="text-sm text-primary hover:underline">
      ← {label}
    </Link>
  )
}
