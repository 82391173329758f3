import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SharePanel } from '#app/components/booking/share-panel.tsx'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { requireUser } from '#app/server/auth/session.server.ts'
import { shareLinks } from '#app/server/booking/share.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const meta = titleMeta

/** `/shareLink`: the specialist's share-calendar panel (SPEC §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare
  const user = await requireUser(getDb(env.DB), request)
  const language = await getLanguage(request)
  return {
    title: getT(language)('booking:share.metaTitle'),
    links: shareLinks(parseEnv(env).APP_URL, user, language),
  }
}

export default function ShareLinkPage() {
  const { links } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <section className="card mx-auto max-w-3xl p-4 sm:p-8">
      <h1 className="text-2xl font-semibold">{t('booking:share.title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('booking:share.hint')}</p>
      <div className="mt-6">
        <SharePanel links={links} />
      </div>
      <Link to="/specialistPagePreview" className="btn-ghost mt-6" data-testid="share-preview">
        {t('booking:share.preview')}
      </Link>
    </section>
  )
}
