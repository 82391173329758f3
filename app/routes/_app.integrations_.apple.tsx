import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BackLink } from '#app/components/ui/back-link.tsx'
import { ConnectForm } from '#app/components/calendars/connect-form.tsx'
import { PlanLimitModal } from '#app/components/event-types/plan-limit-modal.tsx'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import {
  type CalendarActionAnswer,
  calendarsPageAction,
  calendarsPageData,
} from '#app/server/calendars/integrations-page.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

export const handle: I18nHandle = { i18n: ['validation', 'eventTypes', 'calendars'] }

/** Where an Apple ID's app-specific passwords are made. */
const APPLE_ID_URL = 'https://appleid.apple.com/account/manage'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, language } = await signedInPage(request, context)
  const { canAdd, availableFrom } = await calendarsPageData(db, user, language)
  return { title: getT(language)('calendars:apple.metaTitle'), canAdd: canAdd.apple, availableFrom }
}

/** The Apple form's `connect`, as /integrations runs it: success goes to the new card there, errors stay here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user, env } = await signedInPage(request, context)
  const form = await request.formData()
  if (form.get('intent') !== 'connect' || form.get('provider') !== 'apple') throw new Response(null, { status: 400 })
  const t = getT(await getLanguage(request))
  return calendarsPageAction({ db, env: parseEnv(env), now: Date.now() }, user, form, t)
}

/** `/integrations/apple` (SPEC §2): how to make an app-specific password for iCloud, then the form that connects it. */
export default function AppleInstructions() {
  const { canAdd, availableFrom } = useLoaderData<typeof loader>()
  const answer = useActionData<CalendarActionAnswer>()
  const { t } = useTranslation()
  const [planLimitOpen, setPlanLimitOpen] = useState(false)
  useEffect(() => {
    if (answer?.errors?.planLimit) setPlanLimitOpen(true)
  }, [answer])
  return (
    <section className="mx-auto max-w-2xl" aria-labelledby="apple-title" data-testid="apple-instructions">
      <BackLink to="/integrations" label={t('calendars:apple.back')} />
      <div className="card mt-3 p-5 sm:p-6">
        <h1 id="apple-title" className="text-xl font-semibold">
          {t('calendars:apple.title')}
        </h1>
        <p className="mt-2 text-sm text-muted">{t('calendars:apple.lead')}</p>
        <h2 className="mt-5 font-semibold">{t('calendars:apple.stepsTitle')}</h2>
        <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm">
          <li>{t('calendars:apple.step1')}</li>
          <li>{t('calendars:apple.step2')}</li>
          <li>{t('calendars:apple.step3')}</li>
          <li>{t('calendars:apple.step4')}</li>
        </ol>
        <a href={APPLE_ID_URL} target="_blank" rel="noreferrer" className="btn-secondary mt-4 inline-flex">
          {t('calendars:apple.openAppleId')}
        </a>
      </div>
      <div className="card mt-4 p-5 sm:p-6" data-testid="apple-connect">
        <h2 className="font-semibold">{t('calendars:apple.formTitle')}</h2>
        <div className="mt-3">
          {canAdd ? (
            <ConnectForm provider="apple" formId="apple" answer={answer} withInstructionsLink={false} />
          ) : (
            <p className="text-sm text-muted" data-testid="plan-note-apple">
              {t('calendars:connect.extraNeedsPlan', { plan: availableFrom })}{' '}
              <Link to="/tariff" className="text-primary underline">
                {t('calendars:connect.toPlans')}
              </Link>
            </p>
          )}
        </div>
        <p className="mt-4 text-xs text-muted">{t('calendars:apple.revoke')}</p>
      </div>
      <PlanLimitModal open={planLimitOpen} onClose={() => setPlanLimitOpen(false)} availableFrom={availableFrom} />
    </section>
  )
}
