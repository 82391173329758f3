/** `/user/{login}`: the host's public page, their event types. */
import { data } from '@remix-run/cloudflare'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { getDb } from '../../db.server.ts'
import { findPublicHost } from '../availability.server.ts'
import { publicHostView } from '../views.server.ts'
import { type Args, isFramedRequest } from './flow.server.ts'

export async function hostPageLoader({ request, params, context }: Args) {
  const language = await getLanguage(request)
  const framed = isFramedRequest(request)
  const headers = { Vary: 'Sec-Fetch-Dest' }
  const found = await findPublicHost(getDb(context.cloudflare.env.DB), params.login ?? '')
  if (!found) {
    const t = getT(language)
    return data(
      { notFound: true as const, framed, title: t('booking:errors.userNotFound'), host: null },
      { status: 404, headers },
    )
  }
  const t = getT(language)
  const view = publicHostView(found.host, found.eventTypes)
  return data(
    {
      notFound: false as const,
      framed,
      title: t('booking:host.metaTitle', { name: `${view.firstName} ${view.lastName}`.trim() }),
      host: view,
    },
    { headers },
  )
}
