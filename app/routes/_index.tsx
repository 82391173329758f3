import { type ActionFunctionArgs, type LoaderFunctionArgs, data, redirect } from '@remix-run/cloudflare'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppShell } from '#app/components/app-shell.tsx'
import { Home } from '#app/components/home.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { avatarUrl } from '#app/server/accounts/profile.server.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { withGoals } from '#app/server/analytics/goals.server.ts'
import { createFirstEventType } from '#app/server/event-types/first-event-type.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { homeStatistics } from '#app/server/meetings/statistics.server.ts'
import { pushClientConfig } from '#app/server/notify/push-web.server.ts'
import { firstRunGuide } from '#app/server/home/first-run.server.ts'
import { AdvertisingCards } from '#app/components/plans/advertising-cards.tsx'
import { listAdvertising } from '#app/server/advertising.server.ts'
import { TrialOfferCard } from '#app/components/billing/trial-offer-card.tsx'
import { trialOfferOf } from '#app/server/billing/trial-offer.server.ts'
import { pageMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = pageMeta({ description: true })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = await getLanguage(request)
  const t = getT(language)
  const db = getDb(context.cloudflare.env.DB)
  const user = await getSessionUser(db, request)
  const statistics = user
    ? await homeStatistics(db, user, Date.now(), (item) => t(`meetings:home.items.${item}`))
    : null
  const appUrl = parseEnv(context.cloudflare.env).APP_URL
  return {
    statistics,
    guide:
      user && statistics
        ? await firstRunGuide(db, { owner: user, statistics, request, appUrl, language, now: Date.now() })
        : null,
    advertising: user ? await listAdvertising(db, user) : [],
    trialOffer: user ? await trialOfferOf(db, user, Date.now()) : null,
    title: user ? t('home.metaTitle') : t('landing.metaTitle'),
    description: t('landing.metaDescription'),
    push: user ? pushClientConfig(context.cloudflare.env, parseEnv(context.cloudflare.env)) : null,
    user: user
      ? {
          id: user.id,
          login: user.login,
          firstName: user.firstName,
          lastName: user.lastName,
          plan: user.plan,
          imageUrl: avatarUrl(user.imageKey),
        }
      : null,
  }
}

/**
 * `POST /?index`: the home guide's first event type in one step (a name and a duration); it lands on the new type's
 * share panel, or the home shows why not under the form (works without script).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user, t } = await signedInPage(request, context)
  const result = await createFirstEventType(db, user, await request.formData(), t)
  if (result.id) {
    return withGoals(request, redirect(`/eventTypes/${result.id}?tab=share&created=1`), 'createEvent')
  }
  const errors = result.errors
  const texts = errors
    ? [
        ...Object.values(errors.fieldErrors).flat(),
        ...errors.formErrors,
        ...(errors.planLimit ? [t('api:planLimit')] : []),
      ]
    : []
  return data({ quickEventTypeErrors: [...new Set(texts)] }, { status: result.status })
}

const FEATURES = ['slots', 'noDouble', 'reminders', 'share'] as const

/** `/`: the home of a signed-in specialist, the landing page for everyone else. */
export default function Index() {
  const { user, statistics, push, guide, advertising, trialOffer } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  if (user && statistics) {
    return (
      <AppShell user={user} push={push}>
        <TrialOfferCard offer={trialOffer} />
        <AdvertisingCards cards={advertising} />
        <Home
          user={user}
          statistics={statistics}
          guide={guide}
          quickEventTypeErrors={answer?.quickEventTypeErrors ?? []}
        />
      </AppShell>
    )
  }
  return <Landing />
}

/** The landing page for a signed-out visitor: what the product does, sign-in and sign-up. */
function Landing() {
  const { t } = useTranslation()
  return (
    <>
      <SiteHeader />
      <main data-testid="landing">
        <section className="container-page grid gap-10 py-12 md:grid-cols-2 md:items-center md:py-20">
          <div>
            <h1 className="text-3xl font-bold leading-tight sm:text-4xl lg:text-5xl">{t('landing.title')}</h1>
            <p className="mt-4 text-lg text-muted">{t('landing.lead')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/signup" className="btn-primary px-6 py-3 text-base">
                {t('landing.signUp')}
              </Link>
              <Link to="/login" className="btn-secondary px-6 py-3 text-base">
                {t('landing.signIn')}
              </Link>
            </div>
          </div>
          <div className="card p-6 shadow-sm" aria-hidden="true">
            <div className="grid grid-cols-7 gap-1 text-center text-xs text-muted">
              {Array.from({ length: 28 }, (_, i) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: a static illustration
                  key={i}
                  className={`rounded-md py-2 ${i % 7 < 5 && i > 3 ? 'bg-primary-soft font-medium text-primary' : ''}`}
                >
                  {i + 1}
                </span>
              ))}
            </div>
            <div className="mt-4 grid grid-cols-3 gap-2">
              {['10:00', '10:30', '11:00', '14:00', '14:30', '15:00'].map((time) => (
                <span key={time} className="rounded-lg border border-primary py-2 text-center text-sm text-primary">
                  {time}
                </span>
              ))}
            </div>
          </div>
        </section>
        <section className="border-t border-line bg-card py-12">
          <div className="container-page">
            <h2 className="text-2xl font-semibold">{t('landing.featuresTitle')}</h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map((feature) => (
                <li key={feature} className="card p-5">
                  <h3 className="font-semibold">{t(`landing.features.${feature}.title`)}</h3>
                  <p className="mt-2 text-sm text-muted">{t(`landing.features.${feature}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <footer className="container-page py-8 text-sm text-muted">{t('footer.support')}</footer>
    </>
  )
}
