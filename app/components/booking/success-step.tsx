import { Form, Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AFTER_BOOKING_HOME } from '#app/domain/booking/after-booking.ts'
import { formatDay } from '#app/domain/time/day.ts'
import { type IsoDate, isoToDmy } from '#app/domain/time/index.ts'
import { useCountdown } from '../ui/use-countdown.ts'
import type { EventPageData } from './event-page.tsx'
import { ErrorNote, Fields, SubmitButton, useFormAnswer } from './form-fields.tsx'
import { withParams } from './search-params.ts'

type SuccessData = Extract<EventPageData, { step: 'success' }>

/** The host name a link goes to ("Going to example.com in 5 s"). */
function hostOf(url: string) {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/**
 * The countdown's end. A page goes there itself; the widget takes the top window (the partner's page), which a
 * browser may refuse to a frame without a click (then the visible "Go now" link, a click, still works).
 */
function leaveFor(url: string, framed: boolean) {
  if (!framed) {
    window.location.assign(url)
    return
  }
  try {
    window.open(url, '_top')
  } catch {
    // Refused: the link stays.
  }
}

/** The booking's confirmation: times, ICS, the redirect countdown, Telegram reminders and the account offer. */
export function SuccessStep({ data }: { data: SuccessData }) {
  const { t, i18n } = useTranslation()
  const { success } = data
  const [left, setLeft] = useState(success.redirect?.seconds ?? 0)
  useEffect(() => {
    if (!success.redirect) return
    const url = success.redirect.url
    const timer = setInterval(() => {
      setLeft((value) => {
        if (value <= 1) {
          clearInterval(timer)
          leaveFor(url, data.mode === 'widget')
          return 0
        }
        return value - 1
      })
    }, 1000)
    return () => clearInterval(timer)
  }, [success.redirect, data.mode])
  const destination = success.redirect ? hostOf(success.redirect.url) : ''
  return (
    <div className="space-y-4" data-testid="booking-success">
      <h2 className="text-2xl font-semibold text-success">{t('booking:event.success.title')}</h2>
      <ul className="space-y-3">
        {success.items.map((item) => (
          <li key={item.start} className="space-y-1" data-testid="booked-item">
            <p className="font-medium" data-testid="booked-slot">
              {formatDay(item.date as IsoDate, i18n.language)}, {item.from}–{item.to}{' '}
              <span className="text-sm font-normal text-muted">({data.viewerZoneName})</span>
            </p>
            {item.manageUrl ? (
              <a href={item.manageUrl} className="text-sm text-primary underline" data-testid="manage-link">
                {t('booking:event.success.manage')}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">{t('booking:event.success.text', { email: success.email })}</p>
      <CalendarLinks data={data} />
      {success.redirect ? (
        <div className="rounded-xl bg-surface p-3 text-sm" data-testid="redirect">
          {/* Without JavaScript the same redirect after the same countdown. Inside noscript, so with script only the
              timer acts: in a frame it takes the top window, where a refresh would navigate the frame. */}
          <noscript>
            <meta httpEquiv="refresh" content={`${success.redirect.seconds};url=${success.redirect.url}`} />
          </noscript>
          {success.redirect.comment ? <p>{success.redirect.comment}</p> : null}
          <p role="timer" aria-live="polite" data-testid="redirect-countdown">
            {t('booking:event.success.redirectIn', { count: left, host: destination })}
          </p>
          <a
            href={success.redirect.url}
            target={data.mode === 'widget' ? '_top' : undefined}
            className="text-primary underline"
            rel="noopener"
          >
            {t('booking:event.success.openNow')}
          </a>
        </div>
      ) : null}
      <TelegramOffer data={data} />
      <div className="flex flex-wrap gap-3 pt-2">
        <Link to={`${data.basePath}${data.kept}`} className="btn-secondary">
          {t('booking:event.success.bookAgain')}
        </Link>
      </div>
      <AccountOffer data={data} />
    </div>
  )
}

/**
 * The ICS file and "add to Google Calendar / Outlook" links of each booked meeting. Yandex Calendar has no documented
 * link for a new event: it imports the ICS file, so its button is the file (docs/decisions/0103).
 */
function CalendarLinks({ data }: { data: SuccessData }) {
  const { t } = useTranslation()
  const { items, icsUrl } = data.success
  const several = items.length > 1
  // Links to outside services open in a new tab (inside the widget, not in the frame).
  const outside = { target: '_blank', rel: 'noopener noreferrer' } as const
  return (
    <section className="space-y-2" aria-labelledby="add-to-calendar" data-testid="calendar-links">
      <h3 id="add-to-calendar" className="text-sm font-semibold">
        {t('booking:event.success.addToCalendarTitle')}
      </h3>
      <div className="flex flex-wrap gap-2">
        <a href={icsUrl} download="meeting.ics" className="btn-primary" data-testid="ics-link">
          {t('booking:event.success.addToCalendar')}
        </a>
        <a href={icsUrl} download="meeting.ics" className="btn-secondary" data-testid="yandex-link">
          {t('booking:event.success.yandex')}
        </a>
      </div>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.start} className="flex flex-wrap items-center gap-2 text-sm">
            {several ? (
              <span className="text-muted">
                {isoToDmy(item.date)} {item.from}:
              </span>
            ) : null}
            <a href={item.calendarLinks.google} {...outside} className="btn-secondary" data-testid="google-link">
              {t('booking:event.success.google')}
            </a>
            <a href={item.calendarLinks.outlook} {...outside} className="btn-secondary" data-testid="outlook-link">
              {t('booking:event.success.outlook')}
            </a>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">{t('booking:event.success.yandexNote')}</p>
    </section>
  )
}

/**
 * "Get reminders in Telegram": the post makes a one-time start token for this booking and redirects to the bot.
 * A plain form into a new tab, so it works without script and from inside a frame.
 */
function TelegramOffer({ data }: { data: SuccessData }) {
  const { t } = useTranslation()
  const { telegram, bookingId } = data.success
  if (!telegram) return null
  return (
    <section
      className="space-y-2 rounded-xl bg-surface p-3 text-sm"
      data-testid="telegram-offer"
      data-suggested={telegram.suggested}
    >
      <h3 className="font-semibold">{t('booking:event.success.telegramTitle')}</h3>
      {telegram.connected ? (
        <p className="text-success" role="status" data-testid="telegram-connected">
          {t('booking:event.success.telegramConnected')}
        </p>
      ) : null}
      <p className="text-muted">
        {t(telegram.suggested ? 'booking:event.success.telegramSuggested' : 'booking:event.success.telegramText')}
      </p>
      <form
        method="post"
        action={`${data.basePath}${withParams(data.kept, { booking: bookingId })}`}
        target="_blank"
        rel="noopener"
      >
        <input type="hidden" name="intent" value="telegram" />
        <button
          type="submit"
          className={telegram.suggested && !telegram.connected ? 'btn-primary' : 'btn-secondary'}
          data-testid="telegram-start"
        >
          {t('booking:event.success.telegramStart')}
        </button>
      </form>
      <p className="text-xs text-muted">{t('booking:event.success.telegramNote')}</p>
    </section>
  )
}

/**
 * "Create an account" after booking (docs/decisions/0033-signup-after-booking.md): the booking's name and email are
 * taken, the client sets a login (suggested from the email) and a password, then types the emailed 6-digit code.
 * Inside a frame it links to the full page instead (a framed page cannot set a first-party session).
 */
function AccountOffer({ data }: { data: SuccessData }) {
  const { t } = useTranslation()
  const { account, pageUrl } = data.success
  return (
    <section className="space-y-3 rounded-xl border border-line p-4" data-testid="account-offer">
      <h3 className="font-semibold">{t('booking:account.title')}</h3>
      {account === null || data.mode === 'widget' ? (
        <>
          <p className="text-sm text-muted">{t('booking:account.lead')}</p>
          <a href={pageUrl} target="_blank" rel="noopener" className="btn-secondary" data-testid="account-new-tab">
            {t('booking:event.success.signup')}
          </a>
        </>
      ) : account.exists ? (
        <p className="text-sm" data-testid="account-exists">
          {t('booking:account.exists', { email: account.email })}{' '}
          <Link to={`/login?redirectTo=${encodeURIComponent(AFTER_BOOKING_HOME)}`} className="text-primary underline">
            {t('booking:account.signIn')}
          </Link>
        </p>
      ) : account.step === 'code' ? (
        <CodeForm data={data} email={account.email} secondsLeft={account.secondsLeft} />
      ) : (
        <SignupForm data={data} account={account} />
      )}
    </section>
  )
}

function actionPath(data: SuccessData, extra: Record<string, string | null> = {}) {
  return `${data.basePath}${withParams(data.kept, { booking: data.success.bookingId, ...extra })}`
}

function SignupForm({ data, account }: { data: SuccessData; account: NonNullable<SuccessData['success']['account']> }) {
  const { t } = useTranslation()
  const { mine, errors } = useFormAnswer('signup')
  const values = {
    firstName: account.firstName,
    lastName: account.lastName,
    login: account.suggestedLogin,
    ...mine?.values,
  }
  return (
    <Form method="post" action={actionPath(data)} className="grid gap-4" data-testid="signup-form" noValidate>
      <p className="text-sm text-muted">{t('booking:account.lead')}</p>
      <p className="text-sm">
        {t('booking:account.email')}: <span className="font-medium">{account.email}</span>
      </p>
      <ErrorNote text={mine?.error} />
      <input type="hidden" name="intent" value="signup" />
      <Fields
        prefix="signup"
        errors={errors}
        values={values}
        paired={[
          { name: 'firstName', label: t('accounts:fields.firstName'), required: true, autoComplete: 'given-name' },
          { name: 'lastName', label: t('accounts:fields.lastName'), required: true, autoComplete: 'family-name' },
        ]}
        specs={[
          {
            name: 'login',
            label: t('accounts:fields.login'),
            required: true,
            autoComplete: 'username',
            hint: t('accounts:signup.loginHint'),
          },
          {
            name: 'password',
            type: 'password',
            label: t('accounts:fields.password'),
            required: true,
            autoComplete: 'new-password',
            hint: t('accounts:signup.passwordHint'),
          },
          {
            name: 'passwordRepeat',
            type: 'password',
            label: t('accounts:fields.passwordRepeat'),
            required: true,
            autoComplete: 'new-password',
          },
        ]}
      />
      <details className="text-xs text-muted">
        <summary className="cursor-pointer">{t('accounts:agreement.title')}</summary>
        {(['p1', 'p2', 'p3', 'p4'] as const).map((p) => (
          <p key={p} className="mt-2">
            {t(`accounts:agreement.${p}`)}
          </p>
        ))}
      </details>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="isAgreementAccepted"
          className="mt-1"
          aria-invalid={errors.isAgreementAccepted ? true : undefined}
          data-testid="signup-agreement"
        />
        <span>
          {t('accounts:signup.acceptPrefix')} {t('accounts:signup.agreementLink')}
        </span>
      </label>
      {errors.isAgreementAccepted ? (
        <p className="text-xs text-error" data-testid="error-isAgreementAccepted">
          {errors.isAgreementAccepted}
        </p>
      ) : null}
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="isConsentMailing" className="mt-1" />
        <span>{t('accounts:signup.consentMailing')}</span>
      </label>
      <SubmitButton className="btn-primary justify-self-start" testId="signup-submit">
        {t('booking:event.success.signup')}
      </SubmitButton>
    </Form>
  )
}

function CodeForm({ data, email, secondsLeft }: { data: SuccessData; email: string; secondsLeft: number }) {
  const { t } = useTranslation()
  const { mine, errors } = useFormAnswer('signupCode', 'signupResend')
  const resent = mine?.intent === 'signupResend' && mine.resent
  // A fresh code restarts the countdown from the full minute.
  const seconds = useCountdown(resent ? 60 : secondsLeft)
  return (
    <div className="grid gap-3">
      <Form
        method="post"
        action={actionPath(data, { signup: 'code' })}
        className="grid gap-3"
        data-testid="signup-code-form"
      >
        <p className="text-sm">{t('accounts:signupDone.lead', { email })}</p>
        <ErrorNote text={mine?.error} />
        <input type="hidden" name="intent" value="signupCode" />
        <Fields
          prefix="signup"
          errors={errors}
          values={{}}
          specs={[
            {
              name: 'code',
              label: t('accounts:fields.code'),
              required: true,
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 6,
            },
          ]}
        />
        <SubmitButton className="btn-primary justify-self-start" testId="signup-confirm">
          {t('accounts:signupDone.submit')}
        </SubmitButton>
      </Form>
      <Form method="post" action={actionPath(data, { signup: 'code' })} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="signupResend" />
        <button type="submit" className="btn-ghost" disabled={seconds > 0} data-testid="signup-resend">
          {t('accounts:signupDone.resend')}
        </button>
        <span className="text-sm text-muted" aria-live="polite" data-testid="signup-countdown">
          {seconds > 0
            ? t('accounts:signupDone.countdown', { seconds })
            : resent
              ? t('accounts:signupDone.resent')
              : ''}
        </span>
      </Form>
    </div>
  )
}
