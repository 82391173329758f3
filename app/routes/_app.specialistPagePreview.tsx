import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { HostView } from '#app/components/booking/host-view.tsx'
import { ProfileCard } from '#app/components/booking/profile-card.tsx'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { findPublicHost } from '#app/server/booking/availability.server.ts'
import { publicHostView } from '#app/server/booking/views.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

/** `/specialistPagePreview`: the public page as clients see it, with the profile card modal (SPEC §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  const found = await findPublicHost(db, user.login)
  if (!found) throw new Response(null, { status: 404 })
  return {
    title: getT(await getLanguage(request))('booking:share.previewTitle'),
    host: publicHostView(found.host, found.eventTypes),
  }
}

export default function SpecialistPagePreview() {
  const { host } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <div data-testid="specialist-preview">
      <h1 className="sr-only">{t('booking:share.previewTitle')}</h1>
      <HostView host={host} linkTarget="_blank">
        <details className="mt-3">
          <summary className="btn-ghost cursor-pointer list-none" data-testid="profile-modal-open">
            {t('booking:host.profile')}
          </summary>
          <div role="dialog" aria-label={t('booking:host.profile')} className="card mt-2 p-6 shadow-lg">
            <ProfileCard profile={host} large />
          </div>
        </details>
      </HostView>
    </div>
  )
}
