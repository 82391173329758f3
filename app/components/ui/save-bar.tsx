import type { ReactNode } from 'react'

/** The save button of a long form, kept in view at the bottom, with a note before it (unsaved, or errors). */
export function SaveBar({
  note,
  label,
  disabled,
  intent,
}: {
  note?: ReactNode
  label: string
  disabled: boolean
  intent?: string
}) {
  return (
    <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-3 border-t border-line bg-surface/95 px-4 py-3 sm:mx-0">
      {note}
      <button
        type="submit"
        name={intent ? 'intent' : undefined}
        value={intent}
        className="btn-primary"
        disabled={disabled}
      >
        {label}
      </button>
    </div>
  )
}
