import { RemixI18Next } from 'remix-i18next/server'
import {
  DEFAULT_LANGUAGE,
  type Language,
  LANGUAGES,
  i18nConfig,
  isLanguage,
  languageFromHeader,
  resources,
} from './config.ts'
import { preferenceCookie } from '#app/server/preference-cookie.server.ts'

/** The interface language chosen by the visitor (ARCHITECTURE.md "Languages and time"). */
export const languageCookie = preferenceCookie('lng')

/**
 * Pages: `?lang=`, else the cookie, else Russian (the product's default, SPEC §1): the dashboard shows Russian until
 * the visitor switches (docs/decisions/0003-languages.md). The public booking pages follow the browser's language
 * (Accept-Language) when the guest has chosen none: the Worker tells them by BROWSER_LANGUAGE_HEADER (workers/app.ts,
 * ADR 0091). The JSON API honours Accept-Language/locale (SPEC §7).
 */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    // `?lang=en` wins: a widget in another site's frame gets no first-party cookie (issue 6, widget).
    searchParamKey: 'lang',
    order: ['searchParams', 'cookie'],
  },
  i18next: { ...i18nConfig, resources },
})

/**
 * Set by the Worker (never by the browser: it drops an incoming one) on a request for a public booking page whose
 * visitor chose no language: the language their Accept-Language names.
 */
export const BROWSER_LANGUAGE_HEADER = 'X-FastSlot-Browser-Language'

/** Whether the visitor chose a language (`?lang=` or the cookie; remix-i18next reads which). */
export async function hasChosenLanguage(request: Request): Promise<boolean> {
  if (new URL(request.url).searchParams.has('lang')) return true
  return (await languageCookie.parse(request.headers.get('Cookie'))) !== null
}

/** A public booking page's request without a chosen language, marked with the browser's (see above). */
export async function withBrowserLanguage(request: Request): Promise<Request> {
  const marked = new Request(request)
  marked.headers.delete(BROWSER_LANGUAGE_HEADER)
  if (!(await hasChosenLanguage(request)))
    marked.headers.set(BROWSER_LANGUAGE_HEADER, languageFromHeader(request.headers.get('Accept-Language')))
  return marked
}

export async function getLanguage(request: Request): Promise<Language> {
  if (!(await hasChosenLanguage(request))) {
    const browser = request.headers.get(BROWSER_LANGUAGE_HEADER)
    if (isLanguage(browser)) return browser
  }
  const locale = await i18nServer.getLocale(request)
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE
}
