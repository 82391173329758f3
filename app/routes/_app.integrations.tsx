import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { WRITE_TARGET_FORM } from '#app/components/calendars/integration-item.tsx'
import { ProviderCard } from '#app/components/calendars/provider-card.tsx'
import { PlanLimitModal } from '#app/components/event-types/plan-limit-modal.tsx'
import { TelegramCard } from '#app/components/notify/telegram-card.tsx'
import { TelemostCard } from '#app/components/video/telemost-card.tsx'
import { telemostState } from '#app/server/video/grants.server.ts'
import { Button } from '#app/components/ui/button.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import { PROVIDER_KEYS } from '#app/domain/calendars/rules.ts'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { consentNotice } from '#app/server/calendars/oauth-calendar.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { CalendarActionAnswer } from '#app/server/calendars/integrations-page.server.ts'
import { calendarsPageAction, calendarsPageData } from '#app/server/calendars/integrations-page.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { telegramUserInfo } from '#app/server/notify/telegram-binding.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

/** The plan modal and badge read `eventTypes`; the connect forms' errors `validation` and `api`. */
export const handle: I18nHandle = { i18n: ['validation', 'eventTypes', 'notify', 'calendars'] }

/** SPEC §4 version check: how often the page looks again while a sync runs. */
const FETCHING_POLL_MS = 3000

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, language } = await signedInPage(request, context)
  const [info, calendars, telemost] = await Promise.all([
    telegramUserInfo(db, user.id),
    calendarsPageData(db, user, language),
    telemostState(db, parseEnv(context.cloudflare.env), user.id),
  ])
  const t = getT(language)
  // Back from Google's or Microsoft's consent (/GoogleOAuth/Code, /OutlookOAuth/Code): what happened, as a toast.
  const consent = consentNotice(new URL(request.url), t)
  return { title: t('notify:integrations.metaTitle'), isTelegramEnabled: info.isEnabled, calendars, consent, telemost }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user, t, env } = await signedInPage(request, context)
  return calendarsPageAction({ db, env: parseEnv(env), now: Date.now() }, user, await request.formData(), t)
}

/** `/integrations`: the Telegram bot card and the calendar integrations (SPEC §2 Integrations). */
export default function IntegrationsPage() {
  const { isTelegramEnabled, calendars, consent, telemost } = useLoaderData<typeof loader>()
  const answer = useActionData<CalendarActionAnswer>()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const hydrated = useHydrated()
  const { t } = useTranslation()
  const [planLimitOpen, setPlanLimitOpen] = useState(false)

  useEffect(() => {
    if (consent) showToast(consent.text, { kind: consent.kind })
  }, [consent])

  useEffect(() => {
    if (answer?.errors?.planLimit) setPlanLimitOpen(true)
    // SPEC §8: a refresh that failed says so for 3 seconds (the card keeps showing why).
    if (answer?.intent === 'refresh' && answer.errors?.formErrors.length) {
      showToast(t('calendars:errors.updateFailed'), { kind: 'error', duration: 3000 })
    }
  }, [answer, t])

  // SPEC §4: while a calendar shows "fetching", look again every few seconds until its sync has finished.
  useEffect(() => {
    if (!calendars.isFetching) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') revalidator.revalidate()
    }, FETCHING_POLL_MS)
    return () => clearInterval(timer)
  }, [calendars.isFetching, revalidator])

  const busy = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const hasWritable = calendars.integrations.some((integration) =>
    integration.calendars.some((calendar) => calendar.canWrite),
  )
  const pageErrors = answer && !answer.target ? answer.errors?.formErrors : undefined

  return (
    <section className="mx-auto max-w-4xl" aria-labelledby="integrations-title" data-testid="integrations-page">
      <h1 id="integrations-title" className="text-2xl font-semibold">
        {t('notify:integrations.title')}
      </h1>
      <p className="mt-2 text-muted">{t('notify:integrations.lead')}</p>
      <h2 className="mt-6 text-lg font-semibold">{t('notify:integrations.notifications')}</h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <TelegramCard isEnabled={isTelegramEnabled} />
        <TelemostCard telemost={telemost} />
      </div>

      <div id="calendars" className="mt-8 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{t('calendars:page.title')}</h2>
          <p className="text-sm text-muted">{t('calendars:page.lead')}</p>
        </div>
        {calendars.integrations.some((integration) => integration.isActive) ? (
          <Form method="post">
            <Button type="submit" variant="secondary" name="intent" value="refreshAll" loading={busy('refreshAll')}>
              {t('calendars:page.refreshAll')}
            </Button>
          </Form>
        ) : null}
      </div>

      {consent ? (
        // With script the toast says it; without script, this does.
        <noscript>
          <p
            data-testid="consent-notice"
            className={`mt-3 rounded-lg p-3 text-sm ${consent.kind === 'error' ? 'border border-error bg-error-soft text-error' : 'bg-success-soft text-success'}`}
          >
            {consent.text}
          </p>
        </noscript>
      ) : null}
      {calendars.isFetching ? (
        <div
          role="status"
          className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-surface p-3 text-sm"
          data-testid="calendars-fetching"
        >
          <span>{t('calendars:page.fetching')}</span>
          {/* Without script nothing polls: this reloads the page by hand. */}
          <Form method="get" action="/integrations">
            <button type="submit" className="btn-ghost px-2 py-1">
              {t('calendars:page.checkAgain')}
            </button>
          </Form>
        </div>
      ) : null}
      <div className="mt-3">
        <FormErrors errors={pageErrors} />
      </div>

      {hasWritable ? (
        <Form
          method="post"
          id={WRITE_TARGET_FORM}
          className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-line p-3"
          data-testid="write-target-form"
        >
          <input type="hidden" name="intent" value="writeTarget" />
          <span className="text-sm font-medium">{t('calendars:writeTarget.legend')}:</span>
          <label className="flex min-h-6 items-center gap-2 text-sm">
            <input
              key={String(calendars.writeTarget === null)}
              type="radio"
              name="target"
              value="none"
              defaultChecked={calendars.writeTarget === null}
              data-testid="write-target-none"
              className="size-4 accent-[var(--color-primary)]"
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
            />
            {t('calendars:writeTarget.none')}
          </label>
          {/* With script, choosing a radio saves it; without script this button does. */}
          {hydrated ? null : (
            <button type="submit" className="btn-secondary px-3 py-1.5">
              {t('calendars:writeTarget.save')}
            </button>
          )}
        </Form>
      ) : null}

      <ul className="mt-4 grid items-start gap-4 lg:grid-cols-2">
        {PROVIDER_KEYS.map((provider) => (
          <ProviderCard
            key={provider}
            provider={provider}
            data={calendars}
            answer={answer}
            onLocked={() => setPlanLimitOpen(true)}
          />
        ))}
      </ul>
      <PlanLimitModal
        open={planLimitOpen}
        onClose={() => setPlanLimitOpen(false)}
        availableFrom={calendars.availableFrom}
      />
    </section>
  )
}
