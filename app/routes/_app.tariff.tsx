import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { TrialModals, TrialStartForm } from '#app/components/billing/trial-modals.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TitledSection } from '#app/components/ui/titled-section.tsx'
import { PostButton } from '#app/components/ui/post-button.tsx'
import { CheckboxField, Field, FormErrors, SelectField } from '#app/components/ui/field.tsx'
import { PAYMENT_MONTHS } from '#app/domain/billing/quote.ts'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { plansPageAction, plansPageData } from '#app/server/billing/plans-page.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta
export const handle: I18nHandle = { i18n: ['billing', 'validation'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  const env = parseEnv(context.cloudflare.env)
  const data = await plansPageData(db, env, user, request, Date.now())
  return { title: getT(await getLanguage(request))('billing:page.metaTitle'), ...data }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  return plansPageAction(db, parseEnv(context.cloudflare.env), user, request, await getLanguage(request))
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>

function CurrentPlan({ data }: { data: Data }) {
  const { t } = useTranslation()
  const { subscription: s } = data
  return (
    <TitledSection
      id="current-title"
      title={t('billing:page.current')}
      className="card p-5"
      titleClassName="text-sm text-muted"
      testId="current-plan"
    >
      <p className="mt-1 flex flex-wrap items-center gap-2 text-xl font-semibold">
        <span data-testid="current-plan-name">{t(`billing:plans.${s.tariff}.name`)}</span>
        {s.isTrial ? (
          <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-white">{t('billing:page.trialBadge')}</span>
        ) : null}
      </p>
      <p className="mt-1 text-sm">
        {s.validUntilText ? t('billing:page.validUntil', { date: s.validUntilText }) : t('billing:page.noEnd')}
      </p>
      <p className="mt-1 text-sm text-muted" data-testid="card-mask">
        {s.card ? t('billing:page.card', { mask: s.card.mask }) : t('billing:page.noCard')}
      </p>
      {/* A paid plan without an end (granted by support or the seed) has no renewal to speak of. */}
      {s.tariff !== 'Basic' && s.validUntilText ? (
        <p className="mt-1 text-sm">
          {s.nextPayment
            ? t('billing:page.nextPayment', {
                amount: s.nextPayment.amountRub,
                plan: t(`billing:plans.${s.nextPayment.tariff}.name`),
                date: data.subscription.nextPaymentDate,
              })
            : t('billing:page.noNextPayment')}
        </p>
      ) : null}
      {s.renewalFailures > 0 ? (
        <p className="mt-1 text-sm text-error">{t('billing:page.renewalFailures', { count: s.renewalFailures })}</p>
      ) : null}
      {s.autoRenew ? (
        <PostButton className="mt-3" fields={{ intent: 'cancelAutoRenew' }} variant="secondary">
          {t('billing:page.cancelAutoRenew')}
        </PostButton>
      ) : s.card && s.tariff !== 'Basic' ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="chooseRenewal" />
          <input type="hidden" name="months" value="1" />
          <SelectField
            label={t('billing:page.continueOn')}
            name="tariff"
            defaultValue={s.tariff}
            options={(['Standard', 'Pro'] as const).map((name) => ({
              value: name,
              label: t(`billing:plans.${name}.name`),
            }))}
          />
          <Button type="submit" variant="secondary">
            {t('billing:page.continueSubmit')}
          </Button>
        </Form>
      ) : null}
    </TitledSection>
  )
}

function PayForm({ data, errors }: { data: Data; errors: Record<string, string[]> }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  return (
    <Form method="post" className="grid gap-4" aria-labelledby="plans-title">
      <input type="hidden" name="intent" value="pay" />
      <h2 id="plans-title" className="sr-only">
        {t('billing:page.title')}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {data.plans.map((plan) => {
          const current = plan.name === data.subscription.tariff
          return (
            <div
              key={plan.name}
              data-testid={`plan-${plan.name}`}
              className={`card flex flex-col gap-2 p-5 ${plan.name === data.selected && plan.isPurchasable ? 'border-primary' : ''}`}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="text-lg font-semibold">{t(`billing:plans.${plan.name}.name`)}</span>
                {current ? (
                  <span className="rounded-full border border-line px-2 py-0.5 text-xs">
                    {t('billing:page.currentBadge')}
                  </span>
                ) : null}
              </span>
              <span className="text-2xl font-semibold">{t('billing:page.perMonth', { price: plan.priceRub })}</span>
              <span className="text-sm text-muted">{t(`billing:plans.${plan.name}.note`)}</span>
              {plan.isPurchasable ? (
                <label className="mt-auto flex items-center gap-2 pt-2 text-sm">
                  <input
                    type="radio"
                    name="tariff"
                    value={plan.name}
                    defaultChecked={plan.name === data.selected}
                    aria-label={`${t('billing:page.choose')}: ${t(`billing:plans.${plan.name}.name`)}`}
                  />
                  {t('billing:page.choose')}
                </label>
              ) : null}
            </div>
          )
        })}
      </div>
      <div className="card grid gap-4 p-5 md:grid-cols-2">
        <SelectField
          label={t('billing:page.months')}
          name="months"
          defaultValue="1"
          errors={errors.months}
          options={PAYMENT_MONTHS.map((months) => ({
            value: String(months),
            label: t('billing:page.monthsOption', { count: months }),
          }))}
        />
        <Field
          label={t('billing:page.promoCode')}
          name="promoCode"
          autoComplete="off"
          maxLength={64}
          hint={t('billing:page.promoHint')}
          errors={errors.promoCode}
        />
        {data.balance > 0 ? (
          <CheckboxField name="useFasties" label={t('billing:page.useFasties', { balance: data.balance })} />
        ) : null}
        <p className="text-sm text-muted md:col-span-2">{t('billing:page.switchNote')}</p>
        <div>
          <Button type="submit" loading={navigation.state === 'submitting'} data-testid="pay">
            {t('billing:page.pay')}
          </Button>
        </div>
      </div>
    </Form>
  )
}

function History({ data }: { data: Data }) {
  const { t } = useTranslation()
  return (
    <TitledSection className="card p-5" id="history-title" title={t('billing:page.history')}>
      {data.history.length === 0 ? <p className="mt-2 text-sm text-muted">{t('billing:page.historyEmpty')}</p> : null}
      <ul className="mt-3 divide-y divide-line">
        {data.history.map((payment) => (
          <li
            key={payment.id}
            className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            data-testid="payment"
          >
            <span>
              {payment.date} ·{' '}
              {t(`billing:page.kind.${payment.kind}`, {
                plan: payment.plan ? t(`billing:plans.${payment.plan}.name`) : '',
              })}
            </span>
            <span className="flex items-center gap-3">
              <span>{payment.amountRub} ₽</span>
              {payment.fastiesUsed > 0 ? (
                <span className="text-muted">{t('billing:page.fastiesUsed', { count: payment.fastiesUsed })}</span>
              ) : null}
              <span className={payment.status === 'canceled' ? 'text-error' : 'text-muted'}>
                {t(`billing:page.status.${payment.status}`)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </TitledSection>
  )
}

/** `/tariff`: the plans, the current one, the trial, payments (SPEC §2 "Tariffs page and trial modals"). */
export default function Plans() {
  const data = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { t } = useTranslation()
  const errors = result?.errors
  const notices = [
    data.outcome ? t(`billing:page.outcome.${data.outcome}`) : null,
    data.done ? t(`billing:page.${data.done}`) : null,
  ].filter((text): text is string => Boolean(text))
  return (
    <section className="mx-auto grid max-w-5xl gap-6" aria-labelledby="plans-page-title">
      <h1 id="plans-page-title" className="text-2xl font-semibold">
        {t('billing:page.title')}
      </h1>
      {notices.map((text) => (
        <p key={text} role="status" className="card p-4" data-testid="billing-outcome">
          {text}
        </p>
      ))}
      {data.trialFailed ? (
        <p role="alert" className="card border-error p-4 text-error" data-testid="trial-failed">
          {t('billing:errors.trialFailed')}
        </p>
      ) : null}
      <FormErrors errors={errors?.formErrors} />
      <CurrentPlan data={data} />
      {data.subscription.canStartTrial ? (
        <section
          className="card flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between"
          data-testid="trial-offer-card"
        >
          <div>
            <h2 className="text-lg font-semibold">{t('billing:page.trialTitle')}</h2>
            <p className="text-sm text-muted">{t('billing:page.trialText')}</p>
          </div>
          <TrialStartForm label={t('billing:page.trialStart')} />
        </section>
      ) : null}
      <PayForm data={data} errors={errors?.fieldErrors ?? {}} />
      <History data={data} />
      <p className="text-sm">
        <a href={data.businessUrl} className="text-primary underline">
          {t('billing:page.business')}
        </a>
      </p>
      <TrialModals modal={data.modal} validUntil={data.subscription.validUntilText} daysLeft={data.daysLeft} />
    </section>
  )
}
