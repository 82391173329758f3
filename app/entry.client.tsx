import { RemixBrowser } from '@remix-run/react'
import i18next, { type BackendModule, type Resource } from 'i18next'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { installRequestFailureToasts } from './components/ui/request-failures.ts'
import { LANGUAGES } from './i18n/config.ts'
import { readEmbeddedTranslations } from './i18n/embedded.ts'
import { installStorageFallback } from './utils/storage-fallback.client.ts'

/**
 * The namespaces the document did not embed (root.tsx embeds only the page's), fetched from
 * app/routes/locales.$language.$namespace.ts the first time a client navigation needs one
 * (docs/decisions/0079-namespaces-per-route.md).
 */
const onDemandTranslations: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}`)
      .then((response) => {
        if (!response.ok) throw new Error(`Translations ${language}/${namespace}: ${response.status}`)
        return response.json() as Promise<Record<string, unknown>>
      })
      .then(
        (texts) => done(null, texts),
        (error: Error) => done(error, false),
      )
  },
}

// Storage may be refused inside another site's frame (the booking widget); Remix needs it to navigate.
installStorageFallback()

async function hydrate() {
  // The server embeds the page language's texts in the document (root.tsx): no second request.
  const { language, resources } = readEmbeddedTranslations()
  await i18next
    .use(initReactI18next)
    .use(onDemandTranslations)
    // The options of i18nConfig spelled out: importing it would bundle every language's texts into the page script
    // (its namespace list comes from the resources), about 10 KB gzipped the public booking pages do not need.
    .init({
      supportedLngs: [...LANGUAGES],
      // The page's language is complete (the parity test): no second language is fetched as a fallback.
      fallbackLng: false,
      defaultNS: 'common',
      ns: Object.keys(resources),
      // The embedded namespaces are there; the others come from the backend above when asked for.
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      lng: language,
      resources: { [language]: resources } as Resource,
    })
  // Before hydration: Remix's first requests (route discovery, data) already report their failures (SPEC §8).
  installRequestFailureToasts((key) => i18next.t(key))
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

hydrate()
