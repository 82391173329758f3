import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

export type Conflict = { texts: string[]; hasOverlaps: boolean; hasBusy: boolean }

/**
 * SPEC §4: the time overlaps the host's meetings ("Book anyway?") or an invitee is busy ("Add anyway?"). Submitting
 * again with `ignoreOverlapEvents` goes ahead; with script "change the time" closes the question.
 */
export function ConflictDialog({ conflict, busy }: { conflict: Conflict | null; busy: boolean }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(Boolean(conflict))
  useEffect(() => setOpen(Boolean(conflict)), [conflict])
  if (!conflict || !open) return null
  return (
    <section
      role="alertdialog"
      aria-labelledby="one-time-conflict-title"
      className="card space-y-3 border-warning p-5"
      data-testid="one-time-conflict"
    >
      <h2 id="one-time-conflict-title" className="text-lg font-semibold">
        {conflict.hasOverlaps ? t('oneTime:create.bookAnyway') : t('oneTime:create.addAnyway')}
      </h2>
      {conflict.texts.map((text) => (
        <p key={text} className="text-sm">
          {text}
        </p>
      ))}
      {conflict.hasOverlaps && conflict.hasBusy ? <p className="text-sm">{t('oneTime:create.addAnyway')}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="ignoreOverlapEvents" value="on" loading={busy} data-testid="one-time-anyway">
          {conflict.hasOverlaps ? t('oneTime:create.bookAnywayButton') : t('oneTime:create.addAnywayButton')}
        </Button>
        {hydrated ? (
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('oneTime:create.changeTime')}
          </Button>
        ) : null}
      </div>
    </section>
  )
}
