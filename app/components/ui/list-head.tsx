import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A list page's head: its title and the "create" action (the texts `title` and `create` under `keys`); past the
 * plan's limit the same button opens the plan dialog instead (`onLocked`).
 */
export function ListHead({
  keys,
  canAdd,
  onLocked,
  children,
}: {
  keys: 'schedules:list' | 'eventTypes:list'
  canAdd: boolean
  onLocked: () => void
  /** The action within the plan: a link or a form whose button reads the given label. */
  children: (label: string) => ReactNode
}) {
  const { t } = useTranslation()
  const label = t(`${keys}.create`)
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">{t(`${keys}.title`)}</h1>
      {canAdd ? (
        children(label)
      ) : (
        <button type="button" className="btn-primary" onClick={onLocked}>
          {label}
        </button>
      )}
    </div>
  )
}
