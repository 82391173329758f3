import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { isLanguage, resources } from '#app/i18n/config.ts'

/**
 * One namespace of one language as JSON, for the browser's i18next when a client navigation needs a namespace the
 * document did not embed (app/entry.client.tsx, docs/decisions/0079-namespaces-per-route.md); 404 for anything else.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const { language, namespace = '' } = params
  if (!isLanguage(language) || !Object.hasOwn(resources[language], namespace)) {
    throw new Response(null, { status: 404 })
  }
  return Response.json(resources[language][namespace as keyof (typeof resources)['ru']], {
    headers: { 'Cache-Control': 'public, max-age=300' },
  })
}
