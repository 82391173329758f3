import { Form, Link, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '#app/components/ui/copy-button.tsx'
import { DURATION_PRESETS } from '#app/domain/event-types/duration-step.ts'
import type { FirstRunGuide as Guide } from '#app/server/home/first-run.server.ts'
import { TitledSection } from '#app/components/ui/titled-section.tsx'

/**
 * The home page's first-run guide (issue 18): the six steps with a link each and "Done" for the ones the account
 * cannot show by itself (plain forms, so it works without script); once all are done, the next meetings and the
 * booking link to copy.
 */
export function FirstRunGuide({ guide, quickEventTypeErrors = [] }: { guide: Guide; quickEventTypeErrors?: string[] }) {
  const { t } = useTranslation()
  if (guide.complete) {
    return (
      <TitledSection
        id="guide-next-title"
        title={t('guide.completeTitle')}
        className="card space-y-4 p-5"
        testId="home-next"
      >
        {guide.next.length === 0 ? (
          <p className="text-sm text-muted">{t('guide.noMeetings')}</p>
        ) : (
          <ul className="divide-y divide-line">
            {guide.next.map((meeting) => (
              <li key={meeting.id} className="py-2">
                <Link to={`/meetings/${meeting.id}`} className="font-medium text-primary hover:underline">
                  {meeting.name}
                </Link>
                <span className="block text-sm text-muted">{meeting.when}</span>
              </li>
            ))}
          </ul>
        )}
        <BookingLink link={guide.link} />
      </TitledSection>
    )
  }
  const left = guide.steps.filter((step) => !step.done).length
  return (
    <section className="card space-y-4 p-5" aria-labelledby="guide-title" data-testid="home-guide">
      <div>
        <h2 id="guide-title" className="text-lg font-semibold">
          {t('guide.title')}
        </h2>
        <p className="text-sm text-muted">{t('guide.lead', { count: left })}</p>
      </div>
      <ol className="space-y-3">
        {guide.steps.map(({ step, href, done }, index) => (
          <li
            key={step}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-line p-3"
            data-testid={`guide-${step}`}
            data-done={done}
          >
            <span
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${done ? 'bg-success text-white' : 'bg-primary-soft text-primary'}`}
              aria-hidden="true"
            >
              {done ? '✓' : index + 1}
            </span>
            <div className="min-w-0 grow basis-48">
              <p className="font-medium">
                {t(`guide.steps.${step}.title`)}
                {done ? <span className="ml-2 text-sm font-normal text-success">{t('guide.done')}</span> : null}
              </p>
              <p className="text-sm text-muted">{t(`guide.steps.${step}.text`)}</p>
              {step === 'share' && !done ? <BookingLink link={guide.link} /> : null}
              {step === 'eventType' && !done ? <QuickEventType errors={quickEventTypeErrors} /> : null}
            </div>
            {done ? null : (
              <div className="flex gap-2">
                <Link
                  to={href}
                  className="btn-secondary"
                  aria-label={`${t('guide.open')}: ${t(`guide.steps.${step}.title`)}`}
                >
                  {t('guide.open')}
                </Link>
                <Form method="post" action="/home-guide">
                  <input type="hidden" name="step" value={step} />
                  <button
                    type="submit"
                    className="btn-ghost"
                    aria-label={`${t('guide.markDone')}: ${t(`guide.steps.${step}.title`)}`}
                  >
                    {t('guide.markDone')}
                  </button>
                </Form>
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}

/**
 * The first event type in one step (issue 18): a name and a duration, the rest the defaults; a plain form to the
 * home's action, which lands on the new type's share panel.
 */
function QuickEventType({ errors }: { errors: string[] }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'quickEventType'
  return (
    <Form method="post" action="/?index" className="mt-3 flex flex-wrap items-end gap-2" data-testid="quick-event-type">
      <input type="hidden" name="intent" value="quickEventType" />
      <label className="flex min-w-0 grow basis-48 flex-col gap-1 text-sm font-medium">
        {t('guide.quick.name')}
        <input
          name="name"
          required
          maxLength={200}
          placeholder={t('guide.quick.namePlaceholder')}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? 'quick-event-type-errors' : undefined}
          className="rounded-lg border border-line bg-card px-3 py-2 text-sm font-normal"
          data-testid="quick-event-type-name"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('guide.quick.duration')}
        <select
          name="durationType"
          defaultValue="Minutes30"
          className="rounded-lg border border-line bg-card px-3 py-2 text-sm font-normal"
          data-testid="quick-event-type-duration"
        >
          {DURATION_PRESETS.map((minutes) => (
            <option key={minutes} value={`Minutes${minutes}`}>
              {t('guide.quick.minutes', { count: minutes })}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-primary" disabled={busy} data-testid="quick-event-type-submit">
        {t('guide.quick.create')}
      </button>
      <p className="basis-full text-xs text-muted">{t('guide.quick.hint')}</p>
      {errors.length > 0 ? (
        <ul
          id="quick-event-type-errors"
          className="basis-full text-sm text-error"
          data-testid="quick-event-type-errors"
        >
          {errors.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </Form>
  )
}

function BookingLink({ link }: { link: string }) {
  const { t } = useTranslation()
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted">{t('guide.yourLink')}:</span>
      <a href={link} className="break-all text-sm text-primary" data-testid="guide-link">
        {link}
      </a>
      <CopyButton text={link} copied={t('guide.copied')}>
        {t('guide.copy')}
      </CopyButton>
    </div>
  )
}
