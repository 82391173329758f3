import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { BackLink } from '#app/components/ui/back-link.tsx'
import { PLAN_PRICES_RUB } from '#app/domain/constants.ts'
import { planComparison, plansPath } from '#app/domain/plans.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { requireUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { businessPlanUrl, parseEnv } from '#app/server/env.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const handle: I18nHandle = { i18n: ['plans'] }

export const meta = titleMeta

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(getDb(context.cloudflare.env.DB), request)
  const t = getT(await getLanguage(request))
  return {
    title: t('plans:features.metaTitle'),
    current: user.plan,
    businessUrl: businessPlanUrl(parseEnv(context.cloudflare.env)),
    ...planComparison(PLAN_PRICES_RUB),
  }
}

/**
 * `/tariff/features` (SPEC §2, issue 16): the three plans side by side, read from the one plan matrix and the price
 * table; the current plan marked; each plan's button leads to `/tariff?plan=X`. A table that scrolls sideways on a
 * phone, plain links: no script needed.
 */
export default function PlanFeatures() {
  const { t } = useTranslation()
  const { plans, capabilities, current, businessUrl } = useLoaderData<typeof loader>()
  const limit = (value: number | null) => (value === null ? t('plans:features.unlimited') : String(value))
  return (
    <section className="flex flex-col gap-5" data-testid="plan-features">
      <BackLink to="/tariff" label={t('plans:features.back')} />
      <h1 className="text-2xl font-semibold">{t('plans:features.title')}</h1>
      <p className="max-w-3xl text-sm text-muted">{t('plans:features.lead')}</p>
      <div className="card overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="p-3 text-left font-medium text-muted">
                {t('plans:features.feature')}
              </th>
              {plans.map((plan) => (
                <th
                  key={plan.name}
                  scope="col"
                  className={`p-3 text-center ${plan.name === current ? 'bg-primary-soft' : ''}`}
                  data-testid={`plan-${plan.name}`}
                  aria-current={plan.name === current ? 'true' : undefined}
                >
                  <span className="block text-base font-semibold">{plan.name}</span>
                  <span className="block font-normal text-muted">
                    {t('plans:features.perMonth', { price: plan.priceRub })}
                  </span>
                  {plan.name === current ? (
                    <span className="mt-1 block text-xs font-medium text-primary" data-testid="current-plan">
                      {t('plans:features.current')}
                    </span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(['eventTypes', 'schedules'] as const).map((kind) => (
              <tr key={kind} className="border-b border-line">
                <th scope="row" className="p-3 text-left font-normal">
                  {t(`plans:limits.${kind}`)}
                </th>
                {plans.map((plan) => (
                  <td key={plan.name} className="p-3 text-center" data-testid={`limit-${kind}-${plan.name}`}>
                    {limit(plan.limits[kind])}
                  </td>
                ))}
              </tr>
            ))}
            {capabilities.map((row) => (
              <tr key={row.capability} className="border-b border-line last:border-0">
                <th scope="row" className="p-3 text-left font-normal">
                  {t(`plans:capabilities.${row.capability}`)}
                </th>
                {plans.map((plan) => (
                  <td
                    key={plan.name}
                    className="p-3 text-center"
                    data-testid={`cell-${row.capability}-${plan.name}`}
                    data-included={row.included[plan.name]}
                  >
                    {row.included[plan.name] ? (
                      <span className="text-success">
                        ✓<span className="sr-only"> {t('plans:features.included')}</span>
                      </span>
                    ) : (
                      <span className="text-muted">
                        —<span className="sr-only"> {t('plans:features.notIncluded')}</span>
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td />
              {plans.map((plan) => (
                <td key={plan.name} className="p-3 text-center">
                  <Link
                    to={plansPath(plan.name)}
                    className={plan.name === current ? 'btn-secondary' : 'btn-primary'}
                    data-testid={`choose-${plan.name}`}
                  >
                    {t('plans:features.choose', { plan: plan.name })}
                  </Link>
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-sm text-muted">
        {t('plans:features.business')}{' '}
        <a href={businessUrl} className="font-medium text-primary underline" data-testid="business-plan">
          {t('plans:features.businessLink')}
        </a>
      </p>
    </section>
  )
}
