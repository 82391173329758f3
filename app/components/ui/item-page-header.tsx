import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

/**
 * The head of one item's editing page (a schedule, an event type): "← the list" above the item's name (`h1`) and a
 * `note` under it, with the item's `actions` beside them; `align` places the actions against a one- or two-line head.
 */
export function ItemPageHeader({
  back,
  title,
  note,
  align,
  actions,
}: {
  back: { to: string; label: ReactNode }
  title: ReactNode
  note?: ReactNode
  align: 'items-center' | 'items-start'
  actions: ReactNode
}) {
  return (
    <div className={`flex flex-wrap ${align} justify-between gap-3`}>
      <div>
        <Link to={back.to} className="text-sm text-primary">
          ← {back.label}
        </Link>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {note}
      </div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  )
}
