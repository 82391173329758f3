import { type LoaderFunctionArgs, data, redirect } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { POPUP_RETURN, telemostConsentUrl } from '#app/server/video/grants.server.ts'
import { safeRedirectPath } from '#app/utils/safe-redirect.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const handle: I18nHandle = { i18n: ['eventTypes'] }

/**
 * `/telemost/connect` (issue 15): off to Yandex's consent page for Telemost. `?popup=1` from the event type form's
 * popup (its return page tells the opener), `?returnTo=` without script (a plain redirect there and back). Without a
 * Yandex OAuth client in this deployment: a translated 503 naming what to configure.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, env } = await signedInPage(request, context)
  const url = new URL(request.url)
  const returnTo = url.searchParams.get('popup') ? POPUP_RETURN : safeRedirectPath(url.searchParams.get('returnTo'))
  const consent = await telemostConsentUrl({ db, env: parseEnv(env), now: Date.now() }, user.id, returnTo)
  if (consent) return redirect(consent, { headers: { 'Cache-Control': 'no-store' } })
  const t = getT(await getLanguage(request))
  return data({ error: t('eventTypes:telemost.notConfigured') }, { status: 503 })
}

export default function TelemostConnect() {
  const { error } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <main className="mx-auto flex max-w-lg flex-col gap-4 p-6">
      <h1 className="text-xl font-semibold">{t('eventTypes:telemost.connect')}</h1>
      <p role="alert" data-testid="telemost-error">
        {error}
      </p>
      <Link to="/eventTypes" className="text-primary underline">
        {t('eventTypes:telemost.back')}
      </Link>
    </main>
  )
}
