/**
 * The public event page's waitlist (docs/decisions/0108-waitlist.md): a group slot whose every seat is taken is
 * listed with a link to its waitlist; the join step asks the booking form's required details and posts a plain form
 * (no script needed), then confirms where the email went.
 */
import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ErrorNote, Fields, MessengerFields, SubmitButton, contactFieldSpecs, useFormAnswer } from './form-fields.tsx'
import { withParams } from './search-params.ts'

type FullSlot = { start: number; from: string; to: string }

/** The full slots of the shown day, each a link to its waitlist. */
export function WaitlistSlots({ slots, link }: { slots: FullSlot[]; link: (start: number) => string }) {
  const { t } = useTranslation()
  if (slots.length === 0) return null
  return (
    <div className="mt-4" data-testid="waitlist-slots">
      <h4 className="text-sm font-semibold">{t('waitlist:slots.title')}</h4>
      <p className="mt-1 text-xs text-muted">{t('waitlist:slots.hint')}</p>
      <ul className="mt-2 grid gap-2">
        {slots.map((slot) => (
          <li key={slot.start} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="whitespace-nowrap text-muted line-through decoration-1">
              {slot.from}–{slot.to}
            </span>
            <Link to={link(slot.start)} className="text-primary underline" data-testid="waitlist-join-link">
              {t('waitlist:slots.join')}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export type WaitlistStepData = {
  basePath: string
  kept: string
  event: {
    isLastNameRequired: boolean
    isPhoneRequired: boolean
    isMessengerRequired: boolean
  }
  waitlist: { start: number; date: string; when: string; minutes: number; full: boolean }
}

/** `?waitlist=<start>`: join the line of that full slot. */
export function WaitlistStep({ data }: { data: WaitlistStepData }) {
  const { t } = useTranslation()
  const { mine, errors, values } = useFormAnswer('joinWaitlist')
  const { event, waitlist } = data
  // Only what the event type requires: an accepted offer books in one click.
  const contact = contactFieldSpecs(t, event, (required) => required)
  const back = `${data.basePath}${withParams(data.kept, { date: waitlist.date, month: waitlist.date.slice(0, 7) })}`
  return (
    <div className="space-y-4" data-testid="waitlist-step">
      <h2 className="text-lg font-semibold">{t('waitlist:join.title')}</h2>
      {mine?.joined ? (
        <p role="status" className="rounded-lg bg-success-soft px-3 py-2 text-success" data-testid="waitlist-joined">
          {t('waitlist:join.joined', { email: mine.joined })}
        </p>
      ) : waitlist.full ? (
        <>
          <p className="text-sm">{t('waitlist:join.text', { when: waitlist.when, minutes: waitlist.minutes })}</p>
          <Form
            method="post"
            action={`${data.basePath}${withParams(data.kept, { waitlist: String(waitlist.start) })}`}
            className="grid gap-4"
            data-testid="waitlist-form"
            noValidate
          >
            <ErrorNote text={mine?.error} />
            <input type="hidden" name="intent" value="joinWaitlist" />
            <input type="hidden" name="start" value={waitlist.start} />
            <Fields errors={errors} values={values} specs={[...contact.names, ...contact.reach]} />
            {event.isMessengerRequired ? <MessengerFields required errors={errors} values={values} /> : null}
            <SubmitButton testId="waitlist-submit">{t('waitlist:join.submit')}</SubmitButton>
          </Form>
        </>
      ) : (
        <p className="text-sm" data-testid="waitlist-gone">
          {t('waitlist:join.gone')}
        </p>
      )}
      <Link to={back} className="text-sm text-primary underline">
        {t('waitlist:join.back')}
      </Link>
    </div>
  )
}
