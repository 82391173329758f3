import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { TELEMOST_MESSAGE } from '#app/components/event-types/telemost-option.tsx'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { POPUP_RETURN, finishTelemostConsent } from '#app/server/video/grants.server.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const handle: I18nHandle = { i18n: ['eventTypes'] }

/**
 * `/TelemostOAuth/Code` (issue 15): Yandex's Telemost consent comes back here; the grant is kept (sealed). From the
 * popup, the page hands the outcome to its opener by `postMessage` to our own origin only and closes (SPEC §4); the
 * tokens never reach the browser. Without script the browser goes back to where it started, or reads what failed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, env } = await signedInPage(request, context)
  const url = new URL(request.url)
  const get = (name: string) => url.searchParams.get(name) || null
  const outcome = await finishTelemostConsent({ db, env: parseEnv(env), now: Date.now() }, user.id, {
    code: get('code'),
    state: get('state'),
    error: get('error'),
  })
  const popup = outcome.returnTo === POPUP_RETURN
  if (outcome.ok && !popup) return redirect(outcome.returnTo, { headers: { 'Cache-Control': 'no-store' } })
  return { ok: outcome.ok, problem: outcome.problem, popup, back: popup ? '/eventTypes' : outcome.returnTo }
}

export default function TelemostReturn() {
  const { ok, problem, popup, back } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  useEffect(() => {
    if (!popup || !window.opener) return
    window.opener.postMessage({ type: TELEMOST_MESSAGE, ok, problem }, window.location.origin)
    window.close()
  }, [popup, ok, problem])
  return (
    <main className="mx-auto flex max-w-lg flex-col gap-4 p-6" data-testid="telemost-return">
      <p role={ok ? 'status' : 'alert'}>
        {ok ? t('eventTypes:telemost.connected') : t(`eventTypes:telemost.problem.${problem ?? 'failed'}`)}
      </p>
      <Link to={back} className="text-primary underline">
        {t('eventTypes:telemost.back')}
      </Link>
    </main>
  )
}
