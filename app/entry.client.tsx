import { RemixBrowser } from '@remix-run/react'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { behaveAsReact } from './browser/preact.client.ts'
import { installRequestFailureToasts } from './components/ui/request-failures.ts'
import { readEmbeddedTranslations } from './i18n/embedded.ts'
import { routeNamespaces } from './i18n/namespaces.ts'
import { i18n, namespacesLoading, startTranslations } from './i18n/react-i18n.client.ts'
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
// The browser's React is Preact (docs/decisions/0121-preact-in-the-browser.md), taught what the app relied on React
// for; a navigation renders its page once the namespaces of its routes are there (root.tsx's App reads them, ADR 0079).
behaveAsReact(() => {
  if (!window.__remixRouter) return null
  const { matches, loaderData } = window.__remixRouter.state
  return namespacesLoading(
    routeNamespaces(matches.map(({ route }) => ({ id: route.id, handle: route.handle, data: loaderData[route.id] }))),
  )
})
// Remix decodes the server's data (single fetch) the first time RemixBrowser renders and throws the decoding promise
// until it is done; React suspended the whole hydration on it, Preact has no boundary above the document to suspend,
// so the promise is awaited here and the document hydrated once the data is there.
remixStateDecoded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    )
  }),
)

async function remixStateDecoded() {
  try {
    RemixBrowser({})
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown
    await thrown
  }
}
