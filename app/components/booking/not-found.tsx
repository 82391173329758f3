import { useTranslation } from 'react-i18next'

const PAGES = {
  event: { testId: 'event-not-found', title: 'booking:event.notFoundTitle', text: 'booking:event.notFoundText' },
  host: { testId: 'host-not-found', title: 'booking:errors.userNotFound', text: 'booking:event.nothingFound' },
} as const

/** A public page whose event type (`event`) or specialist (`host`) is not there: its title and a line under it. */
export function PublicNotFound({ page }: { page: keyof typeof PAGES }) {
  const { t } = useTranslation()
  const { testId, title, text } = PAGES[page]
  return (
    <main className="container-page py-16 text-center" data-testid={testId}>
      <h1 className="text-2xl font-semibold">{t(title)}</h1>
      <p className="mt-2 text-muted">{t(text)}</p>
    </main>
  )
}
