import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { Field, SelectField } from '#app/components/ui/field.tsx'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { DEV_DECLINE_REASONS, DEV_TEST_CARD } from '#app/domain/billing/test-cards.ts'
import { findDevPayment } from '#app/server/payments/dev.server.ts'
import { usesDevCheckout } from '#app/server/payments/provider.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const meta = titleMeta
export const handle: I18nHandle = { i18n: ['billing'] }

/**
 * `/dev/checkout/{id}`: the development stand-in for YooKassa's confirmation page (API-CONTRACT.md "Plans and
 * payments"); its form posts to the same address (app/server/payments/dev-checkout.server.ts). 404 elsewhere.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = parseEnv(context.cloudflare.env)
  const row = usesDevCheckout(env)
    ? await findDevPayment(getDb(context.cloudflare.env.DB), params.paymentId ?? '')
    : null
  if (!row) throw new Response(null, { status: 404 })
  const returnUrl = (row.request as { confirmation?: { return_url?: string } }).confirmation?.return_url ?? '/tariff'
  return {
    title: getT(await getLanguage(request))('billing:devCheckout.title'),
    id: row.id,
    amount: (row.amountKopecks / 100).toFixed(2),
    description: row.description,
    status: row.status,
    returnUrl,
  }
}

export default function DevCheckout() {
  const { id, amount, description, status, returnUrl } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const action = `/dev/checkout/${encodeURIComponent(id)}`
  return (
    <main className="container-page max-w-lg py-8">
      <h1 className="text-2xl font-semibold">{t('billing:devCheckout.title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('billing:devCheckout.note')}</p>
      <div className="card mt-6 p-4">
        <p className="font-medium">{description}</p>
        <p className="mt-1 text-lg" data-testid="dev-checkout-amount">
          {t('billing:devCheckout.amount', { amount })}
        </p>
      </div>
      {status === 'pending' ? (
        <div className="mt-6 grid gap-6">
          <form method="post" action={action} className="card grid gap-4 p-4">
            <input type="hidden" name="result" value="succeeded" />
            <Field
              label={t('billing:devCheckout.card')}
              name="cardNumber"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={DEV_TEST_CARD}
              hint={t('billing:devCheckout.cardHint', { card: DEV_TEST_CARD })}
            />
            <Button type="submit">{t('billing:devCheckout.pay')}</Button>
          </form>
          <form method="post" action={action} className="card grid gap-4 p-4">
            <input type="hidden" name="result" value="canceled" />
            <SelectField
              label={t('billing:devCheckout.reason')}
              name="reason"
              options={DEV_DECLINE_REASONS.map((reason) => ({ value: reason, label: reason }))}
            />
            <Button type="submit" variant="secondary">
              {t('billing:devCheckout.decline')}
            </Button>
          </form>
        </div>
      ) : (
        <div className="mt-6">
          <p role="status">{t('billing:devCheckout.done', { status })}</p>
          <a className="btn-secondary mt-4" href={returnUrl}>
            {t('billing:devCheckout.back')}
          </a>
        </div>
      )}
    </main>
  )
}
