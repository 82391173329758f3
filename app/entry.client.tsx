import { RemixBrowser } from '@remix-run/react'
import i18next, { type Resource } from 'i18next'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { i18nConfig } from './i18n/config.ts'
import { readEmbeddedTranslations } from './i18n/embedded.ts'
import { installStorageFallback } from './utils/storage-fallback.client.ts'

// Storage may be refused inside another site's frame (the booking widget); Remix needs it to navigate.
installStorageFallback()

async function hydrate() {
  // The server embeds the page language's texts in the document (root.tsx): no second request.
  const { language, resources } = readEmbeddedTranslations()
  await i18next
    .use(initReactI18next)
    .init({ ...i18nConfig, lng: language, resources: { [language]: resources } as Resource })
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
