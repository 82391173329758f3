/**
 * The event page's form posts: one handler per `intent` (intent-*.server.ts), all given the same context (the event
 * type found from the URL, the held slots, the channel) and the same `fail` answer.
 */
import { data } from '@remix-run/cloudflare'
import type { Language } from '#app/i18n/config.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import type { TFunction } from 'i18next'
import { type Db, getDb } from '../../db.server.ts'
import type { Bindings } from '../../env.server.ts'
import { joinWaitlist } from '../../waitlist/page.server.ts'
import { BOOKING_LIMITS } from '../limits.server.ts'
import { findPublicEventType } from '../availability.server.ts'
import { type ActionAnswer, type Args, type Found, isFramedRequest, limited, parseHoldIds } from './flow.server.ts'
import { bookIntent } from './intent-book.server.ts'
import { holdIntent, releaseIntent } from './intent-hold.server.ts'
import { messageIntent } from './intent-message.server.ts'
import { signupIntent } from './intent-signup.server.ts'
import { telegramIntent } from './intent-telegram.server.ts'

/** What every intent of a post is given. */
export type IntentContext = Pick<Args, 'request' | 'context'> & {
  env: Bindings
  ctx: ExecutionContext
  db: Db
  url: URL
  basePath: string
  language: Language
  t: TFunction
  form: FormData
  intent: string
  found: Found
  /** The viewer's holds (`?holds=`). */
  holdIds: string[]
  channel: 'widget' | 'page'
  /** A refused post: the answer with its status (and the values to show again). */
  fail: (status: number, error: string, extra?: Partial<ActionAnswer>) => ReturnType<typeof data<ActionAnswer>>
}

type Intent = (c: IntentContext) => Promise<Response | ActionAnswer | ReturnType<typeof data<ActionAnswer>>>

const INTENTS: Record<string, Intent> = {
  hold: holdIntent,
  release: releaseIntent,
  book: bookIntent,
  joinWaitlist: async (c) => {
    if (await limited(c.env, c.request, BOOKING_LIMITS.booking)) return c.fail(429, c.t('api:tooManyRequests'))
    return joinWaitlist(c)
  },
  signup: signupIntent,
  signupCode: signupIntent,
  signupResend: signupIntent,
  telegram: telegramIntent,
  message: messageIntent,
}

export async function eventPageAction({ request, params, context }: Args, basePath: string) {
  const { env, ctx } = context.cloudflare
  const db = getDb(env.DB)
  const url = new URL(request.url)
  const language = await getLanguage(request)
  const t = getT(language)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const fail = (status: number, error: string, extra: Partial<ActionAnswer> = {}) =>
    data<ActionAnswer>({ intent, error, ...extra }, { status })
  const found = await findPublicEventType(db, params.login ?? '', params.eventLink ?? '')
  if (!found) return fail(404, t('booking:errors.eventNotFound'))
  const handler = Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : null
  if (!handler) return fail(400, t('api:fieldError'))
  return handler({
    request,
    context,
    env,
    ctx,
    db,
    url,
    basePath,
    language,
    t,
    form,
    intent,
    found,
    holdIds: parseHoldIds(url.searchParams.get('holds')),
    channel: basePath.startsWith('/widget/') || isFramedRequest(request) ? 'widget' : 'page',
    fail,
  })
}
