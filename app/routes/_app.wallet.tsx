import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { TitledSection } from '#app/components/ui/titled-section.tsx'
import { Field, FormErrors } from '#app/components/ui/field.tsx'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { walletPageAction, walletPageData } from '#app/server/billing/plans-page.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta
export const handle: I18nHandle = { i18n: ['billing'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  return { title: getT(await getLanguage(request))('billing:wallet.metaTitle'), ...(await walletPageData(db, user)) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  return walletPageAction(db, parseEnv(context.cloudflare.env), user, request, await getLanguage(request))
}

/** `/wallet`: the balance of Fasties and the ledger, each entry with its reason (docs/decisions/0095). */
export default function Wallet() {
  const { balance, entries } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation()
  return (
    <section className="mx-auto grid max-w-2xl gap-6" aria-labelledby="wallet-title">
      <h1 id="wallet-title" className="text-2xl font-semibold">
        {t('billing:wallet.title')}
      </h1>
      <div className="card p-5">
        <p className="text-sm text-muted">{t('billing:wallet.balance')}</p>
        <p className="text-3xl font-semibold" data-testid="wallet-balance">
          {balance}
        </p>
        <p className="mt-2 text-sm text-muted">{t('billing:wallet.rule')}</p>
      </div>
      <Form method="post" className="card grid gap-3 p-5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <Field
          label={t('billing:wallet.redeem')}
          name="promoCode"
          autoComplete="off"
          maxLength={64}
          required
          errors={result?.errors?.fieldErrors.promoCode}
        />
        <Button type="submit" loading={navigation.state === 'submitting'}>
          {t('billing:wallet.redeemSubmit')}
        </Button>
        <FormErrors errors={result?.errors?.formErrors} />
        {result?.credited ? (
          <p role="status" className="text-sm text-success sm:col-span-2">
            {t('billing:wallet.redeemed', { count: result.credited })}
          </p>
        ) : null}
      </Form>
      <TitledSection className="card p-5" id="ledger-title" title={t('billing:wallet.ledger')}>
        {entries.length === 0 ? <p className="mt-2 text-sm text-muted">{t('billing:wallet.empty')}</p> : null}
        <ul className="mt-3 divide-y divide-line">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex items-center justify-between gap-3 py-2 text-sm"
              data-testid="wallet-entry"
            >
              <span>
                {entry.date} · {t(`billing:wallet.reason.${entry.reason}`)}
              </span>
              <span className={entry.amount < 0 ? 'text-error' : 'text-success'}>
                {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
              </span>
            </li>
          ))}
        </ul>
      </TitledSection>
    </section>
  )
}
