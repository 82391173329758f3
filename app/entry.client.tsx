import { RemixBrowser } from '@remix-run/react'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { installRequestFailureToasts } from './components/ui/request-failures.ts'
import { readEmbeddedTranslations } from './i18n/embedded.ts'
import { i18n, startTranslations } from './i18n/react-i18n.client.ts'
import type { Texts } from './i18n/translator.ts'
import { installStorageFallback } from './utils/storage-fallback.client.ts'

// Storage may be refused inside another site's frame (the booking widget); Remix needs it to navigate.
installStorageFallback()

// The server embeds the page language's texts in the document (root.tsx): no second request. The browser translates
// with a small translator that renders what the server's i18next renders (docs/decisions/0116-client-translator.md);
// the namespaces the document did not embed are fetched when a client navigation needs one (ADR 0079).
const { language, resources } = readEmbeddedTranslations()
startTranslations(language, resources as Record<string, Texts>)
// Before hydration: Remix's first requests (route discovery, data) already report their failures (SPEC §8).
installRequestFailureToasts((key) => i18n.t(key))
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  )
})
