import { Form } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { TitledSection } from '#app/components/ui/titled-section.tsx'
import { TimeField } from '#app/components/ui/date-time-inputs.tsx'
import { RescheduleDate } from './meeting-parts.tsx'
import { readTypedDate, readTypedTime } from '#app/domain/time/index.ts'

type OneTimeTime = { date: string; from: string; to: string }

/** What a refused form sent, read back as the fields show it (a typed `DD.MM.YYYY` becomes the date it names). */
function readBack(submitted: Record<string, string>): OneTimeTime {
  return {
    date: readTypedDate(submitted.date ?? '') ?? submitted.date ?? '',
    from: readTypedTime(submitted.from ?? '') ?? submitted.from ?? '',
    to: readTypedTime(submitted.to ?? '') ?? submitted.to ?? '',
  }
}

/**
 * Change time of a one-time meeting (no event type, so no slots): a date and from/to in the organizer's zone. A time
 * that overlaps another meeting or finds an invitee busy asks "Move anyway?" (like creation's "Book anyway?"); the
 * answer resubmits the same values with `ignoreOverlap`.
 */
export function OneTimeReschedule({
  current,
  minDate,
  zoneName,
  busy,
  conflict,
  submitted,
}: {
  current: OneTimeTime
  minDate: string
  zoneName: string
  busy: boolean
  conflict: boolean | undefined
  /** What the refused form sent: shown again instead of the meeting's current time. */
  submitted?: Record<string, string>
}) {
  const { t } = useTranslation()
  const [values, setValues] = useState(() => (submitted ? readBack(submitted) : current))
  return (
    <TitledSection
      className="card p-5"
      id="reschedule-title"
      title={t('meetings:reschedule.title')}
      testId="reschedule-one-time"
    >
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="rescheduleOneTime" />
        <RescheduleDate
          minDate={minDate}
          value={values.date}
          onChange={(date) => setValues((previous) => ({ ...previous, date }))}
        />
        {(['from', 'to'] as const).map((name) => (
          <TimeField
            key={name}
            label={t(`meetings:reschedule.${name}`)}
            name={name}
            required
            value={values[name]}
            onChange={(time) => setValues((previous) => ({ ...previous, [name]: time }))}
            className="w-24"
          />
        ))}
        <span className="pb-2.5 text-sm text-muted">{zoneName}</span>
        <Button type="submit" disabled={busy}>
          {t('meetings:reschedule.submit')}
        </Button>
      </Form>
      {conflict ? (
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-2" data-testid="reschedule-anyway">
          <input type="hidden" name="intent" value="rescheduleOneTime" />
          {(['date', 'from', 'to'] as const).map((name) => (
            <input key={name} type="hidden" name={name} value={values[name]} />
          ))}
          <input type="hidden" name="ignoreOverlap" value="true" />
          <span className="text-sm">{t('meetings:reschedule.anywayQuestion')}</span>
          <Button type="submit" variant="secondary" disabled={busy}>
            {t('meetings:reschedule.anyway')}
          </Button>
        </Form>
      ) : null}
    </TitledSection>
  )
}
