import { RemixBrowser } from '@remix-run/react'
import i18next, { type Resource } from 'i18next'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { installRequestFailureToasts } from './components/ui/request-failures.ts'
import { DEFAULT_LANGUAGE, LANGUAGES } from './i18n/config.ts'
import { readEmbeddedTranslations } from './i18n/embedded.ts'
import { installStorageFallback } from './utils/storage-fallback.client.ts'

// Storage may be refused inside another site's frame (the booking widget); Remix needs it to navigate.
installStorageFallback()

async function hydrate() {
  // The server embeds the page language's texts in the document (root.tsx): no second request.
  const { language, resources } = readEmbeddedTranslations()
  await i18next
    .use(initReactI18next)
    // The options of i18nConfig spelled out: importing it would bundle every language's texts into the page script
    // (its namespace list comes from the resources), about 10 KB gzipped the public booking pages do not need.
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      defaultNS: 'common',
      ns: Object.keys(resources),
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
