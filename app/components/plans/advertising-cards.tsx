import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ADVERTISING_LINKS, type AdvertisingCardId } from '#app/domain/advertising.ts'

/**
 * The home page's advertising cards (SPEC §3 "Advertising"): one next step each; the cross is a plain form
 * (`/advertising/{id}`), so closing works without script and hides the card for good.
 */
export function AdvertisingCards({ cards }: { cards: readonly AdvertisingCardId[] }) {
  const { t } = useTranslation()
  if (cards.length === 0) return null
  return (
    <section aria-labelledby="advertising-title" className="mb-6" data-testid="advertising">
      <h2 id="advertising-title" className="sr-only">
        {t('plans:advertising.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((id) => {
          const title = t(`plans:advertising.${id}.title`)
          return (
            <li key={id} className="card relative flex flex-col gap-2 p-4 pr-10" data-testid={`advertising-${id}`}>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted">{t(`plans:advertising.${id}.text`)}</p>
              <Link to={ADVERTISING_LINKS[id]} className="mt-auto text-sm font-medium text-primary hover:underline">
                {t(`plans:advertising.${id}.action`)}
              </Link>
              <Form method="post" action={`/advertising/${id}`} className="absolute top-2 right-2">
                <button
                  type="submit"
                  className="flex size-8 items-center justify-center rounded-full text-muted hover:bg-surface"
                  aria-label={t('plans:advertising.close', { title })}
                  data-testid={`advertising-close-${id}`}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </Form>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
