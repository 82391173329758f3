import type { AppLoadContext, EntryContext } from '@remix-run/cloudflare'
import { RemixServer } from '@remix-run/react'
import { createInstance } from 'i18next'
import { isbot } from 'isbot'
import { renderToReadableStream } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { i18nConfig, resources } from './i18n/config.ts'
import { getLanguage } from './i18n/i18n.server.ts'
import { NonceProvider } from './utils/nonce.tsx'

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await getLanguage(request)
  const i18n = createInstance()
  await i18n.use(initReactI18next).init({ ...i18nConfig, resources, lng: language })

  let status = responseStatusCode
  const body = await renderToReadableStream(
    <NonceProvider value={loadContext.nonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} abortDelay={5000} nonce={loadContext.nonce} />
      </I18nextProvider>
    </NonceProvider>,
    {
      signal: request.signal,
      nonce: loadContext.nonce,
      onError(error: unknown) {
        console.error(error)
        status = 500
      },
    },
  )

  // Crawlers get the whole document at once; people get it streamed.
  if (isbot(request.headers.get('user-agent') || '')) await body.allReady

  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  responseHeaders.set('Content-Language', language)
  return new Response(body, { headers: responseHeaders, status })
}
