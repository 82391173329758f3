import { createCookie } from '@remix-run/cloudflare'
import { RemixI18Next } from 'remix-i18next/server'
import { DEFAULT_LANGUAGE, type Language, LANGUAGES, i18nConfig, isLanguage, resources } from './config.ts'

/** The interface language chosen by the visitor (ARCHITECTURE.md "Languages and time"). */
export const languageCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  secure: true,
  maxAge: 60 * 60 * 24 * 365,
})

/**
 * Pages: the cookie, else Russian (the product's default, SPEC §1). The browser's Accept-Language is
 * deliberately not consulted for pages: a Russian-first product shows Russian until the visitor
 * switches (docs/decisions/0003-languages.md). The JSON API honours Accept-Language/locale (SPEC §7).
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

export async function getLanguage(request: Request): Promise<Language> {
  const locale = await i18nServer.getLocale(request)
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE
}
