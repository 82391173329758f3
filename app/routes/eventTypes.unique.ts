import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { EventLinkSchema, EventNameSchema } from '#app/domain/event-types/schema.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { issueText } from '#app/i18n/zod-errors.ts'
import { requireUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { getEventTypeRow, isLinkFree, isNameFree } from '#app/server/event-types/event-types.server.ts'
import { orNotFoundPage } from '#app/server/refusal.server.ts'

/**
 * `/eventTypes/unique?field=name|link&value=&id=`: the page's debounced uniqueness check (SPEC §4), the same
 * answer as the API's `/unique/eventType/...` calls, for the signed-in web session.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const user = await requireUser(db, request)
  const t = getT(await getLanguage(request))
  const url = new URL(request.url)
  const field = url.searchParams.get('field') === 'link' ? 'link' : 'name'
  const exceptId = url.searchParams.get('id') || undefined
  // The event type being edited must be the specialist's own (the API's `notcurrent` answers 404 the same way).
  if (exceptId) await orNotFoundPage(getEventTypeRow(db, user.id, exceptId))
  const parsed = (field === 'link' ? EventLinkSchema : EventNameSchema).safeParse(url.searchParams.get('value') ?? '')
  if (!parsed.success)
    return Response.json({ isOk: false, comments: parsed.error.issues.map((issue) => issueText(issue, t)) })
  const free =
    field === 'link'
      ? await isLinkFree(db, user.id, parsed.data, exceptId)
      : await isNameFree(db, user.id, parsed.data, exceptId)
  return Response.json({
    isOk: free,
    comments: free ? [] : [t(field === 'link' ? 'eventTypes:errors.linkTaken' : 'eventTypes:errors.nameTaken')],
  })
}
