import { Form, useLocation, useRouteLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { type Language, LANGUAGES } from '#app/i18n/config.ts'

/** A `?lang=` in the address would outvote the cookie the switch sets: it names the chosen language instead. */
function switchedSearch(search: string, language: Language): string {
  const params = new URLSearchParams(search)
  if (!params.has('lang')) return search
  params.set('lang', language)
  return `?${params}`
}

/**
 * A visible language switch that works without JavaScript: a plain POST that sets the cookie and
 * reloads the page in the other language (app/routes/language.tsx).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  // The page's language as the server decided it (root.tsx's data), not the texts' of the moment: after a client
  // navigation between a public page (the browser's language) and a dashboard page they differ until the texts load.
  const root = useRouteLoaderData('root') as { language?: Language } | undefined
  const current = root?.language ?? (i18n.language as Language)
  const next = LANGUAGES.find((language) => language !== current) ?? 'ru'
  return (
    <Form method="post" action="/language" reloadDocument>
      <input type="hidden" name="language" value={next} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${switchedSearch(location.search, next)}`} />
      <button
        type="submit"
        className="btn-ghost px-3 py-1.5"
        lang={next}
        title={t('language.label')}
        data-testid="language-switch"
      >
        {/* The name is the language's own ("English"), read from the text (WCAG 2.5.3: no label apart from it); phones
            show its code instead. */}
        <span aria-hidden="true" className="sm:hidden">
          {next.toUpperCase()}
        </span>
        <span className="sr-only sm:not-sr-only">{t(`language.${next}`)}</span>
      </button>
    </Form>
  )
}
