/**
 * Moving and cancelling one's own booking, shared by the guest's manage page (ADR 0103) and the signed-in
 * participant's page (ADR 0109): the event page's month calendar of free days with the chosen day's starts, and a
 * cancel confirmed first with an optional reason. Plain links and forms, so both work without script.
 */
import { Form, Link, useActionData, useLocation } from '@remix-run/react'
import { type MouseEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MonthCalendar, SlotOptions } from '#app/components/booking/month-calendar.tsx'
import { ActionErrors } from '#app/components/meetings/meeting-parts.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { TitledSection } from '#app/components/ui/titled-section.tsx'
import { CANCEL_REASON_MAX } from '#app/domain/meetings/cancel-reason.ts'
import { isoToDmy } from '#app/domain/time/index.ts'
import type { ActionAnswer } from '#app/utils/action-answer.ts'
import type { moveCalendar } from '#app/server/meetings/reschedule.server.ts'

/** The move calendar as the loaders hand it over (`moveCalendar` with whether it is the current month). */
export type MoveCalendar = NonNullable<Awaited<ReturnType<typeof moveCalendar>>> & { isCurrentMonth: boolean }

/** The address of this page with some search params changed (null removes one); `cancel` is always dropped. */
export function useHere() {
  const location = useLocation()
  return (params: Record<string, string | null>) => {
    const next = new URLSearchParams(location.search)
    next.delete('cancel')
    for (const [name, value] of Object.entries(params)) {
      if (value === null) next.delete(name)
      else next.set(name, value)
    }
    const text = next.toString()
    return `${location.pathname}${text ? `?${text}` : ''}`
  }
}

/** "Move to another time": the event page's month calendar of free days, then the chosen day's starts. */
export function MoveSection({ calendar, zoneName, busy }: { calendar: MoveCalendar; zoneName: string; busy: boolean }) {
  const { t } = useTranslation()
  const here = useHere()
  return (
    <TitledSection
      id="manage-move"
      title={t('meetings:manage.move')}
      className="card space-y-4 p-5"
      testId="manage-move"
    >
      <div className="grid gap-6 sm:grid-cols-[minmax(0,1fr)_minmax(0,13rem)]">
        <MonthCalendar {...calendar} busy={busy} link={here} />
        {calendar.date ? (
          <Form method="post" className="min-w-0 space-y-3" data-testid="move-slots">
            <input type="hidden" name="intent" value="reschedule" />
            <fieldset>
              <legend className="font-semibold">{t('booking:event.slotsOf', { date: isoToDmy(calendar.date) })}</legend>
              <p className="mt-1 text-xs text-muted">{t('meetings:reschedule.pick', { zone: zoneName })}</p>
              <SlotOptions
                slots={calendar.slots}
                type="radio"
                name="start"
                testId="move-slot"
                columns="grid-cols-3 sm:grid-cols-1"
              />
            </fieldset>
            <Button type="submit" disabled={busy} className="w-full" data-testid="move-submit">
              {t('meetings:reschedule.submit')}
            </Button>
          </Form>
        ) : null}
      </div>
    </TitledSection>
  )
}

/**
 * Cancel, confirmed first, with an optional reason for the specialist. With script the button opens a dialog; without
 * it, the button is a link to `?cancel=1`, where the same form shows on the page (also after a refused post).
 */
export function CancelSection({ confirmCancel, busy }: { confirmCancel: boolean; busy: boolean }) {
  const { t } = useTranslation()
  const answer = useActionData<ActionAnswer<unknown>>()
  const here = useHere()
  const [open, setOpen] = useState(false)
  const refused = answer && !answer.ok && answer.intent === 'cancel' ? answer : null
  const inline = confirmCancel || refused !== null
  const ask = (event: MouseEvent) => {
    event.preventDefault()
    setOpen(true)
  }
  return (
    <section aria-labelledby="manage-cancel-title">
      <h2 id="manage-cancel-title" className="sr-only">
        {t('meetings:manage.cancel')}
      </h2>
      {inline ? (
        <div className="card space-y-3 p-5" id="cancel-confirm" data-testid="manage-cancel-inline">
          <p className="text-lg font-semibold">{t('meetings:manage.confirmTitle')}</p>
          <CancelForm busy={busy} errors={refused?.errors ?? []} reason={refused?.submitted?.reason ?? ''}>
            <Link to={here({})} className="btn-secondary" data-testid="manage-keep">
              {t('meetings:manage.keep')}
            </Link>
          </CancelForm>
        </div>
      ) : (
        <Link
          to={`${here({ cancel: '1' })}#cancel-confirm`}
          onClick={ask}
          className="btn bg-error text-white hover:opacity-90"
          data-testid="manage-cancel"
        >
          {t('meetings:manage.cancel')}
        </Link>
      )}
      <Modal open={open} onClose={() => setOpen(false)} title={t('meetings:manage.confirmTitle')} size="md">
        <CancelForm busy={busy} errors={[]} reason="">
          <Button variant="secondary" onClick={() => setOpen(false)} data-testid="manage-keep">
            {t('meetings:manage.keep')}
          </Button>
        </CancelForm>
      </Modal>
    </section>
  )
}

function CancelForm({
  busy,
  errors,
  reason,
  children,
}: {
  busy: boolean
  errors: string[]
  reason: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Form method="post" className="grid gap-3" data-testid="manage-cancel-form">
      <input type="hidden" name="intent" value="cancel" />
      <p className="text-sm text-muted">{t('meetings:manage.confirmText')}</p>
      {errors.length > 0 ? <ActionErrors errors={errors} /> : null}
      <label className="grid gap-1 text-sm" htmlFor="cancel-reason">
        <span className="font-medium">{t('meetings:manage.reason')}</span>
        <span className="text-xs text-muted" id="cancel-reason-hint">
          {t('meetings:manage.reasonHint')}
        </span>
      </label>
      <textarea
        id="cancel-reason"
        name="reason"
        rows={3}
        maxLength={CANCEL_REASON_MAX}
        defaultValue={reason}
        aria-describedby="cancel-reason-hint"
        aria-invalid={errors.length > 0 ? true : undefined}
        className="w-full rounded-lg border border-line bg-card px-3 py-2"
        data-testid="manage-cancel-reason"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={busy} data-testid="manage-cancel-confirm">
          {t('meetings:manage.confirm')}
        </Button>
        {children}
      </div>
    </Form>
  )
}
