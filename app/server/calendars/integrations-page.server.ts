/**
 * The `/integrations` page's calendar part (issue 14, SPEC §2 Integrations): what its loader shows and what its form
 * intents do. The same use cases as the JSON API (integrations.server.ts) and the same schemas
 * (app/domain/calendars/rules.ts); a refusal or bad input comes back as the page's errors (`pageData`).
 */
import { data, redirect } from '@remix-run/cloudflare'
import type { TFunction } from 'i18next'
import {
  APPLE_LABEL,
  ConnectFormSchema,
  IdSchema,
  PROVIDER_KEYS,
  type PasswordProvider,
  type ProviderKey,
  isPasswordProvider,
  TYPE_OF_PROVIDER,
  YANDEX_LABEL,
  caldavLabel,
  yandexEmail,
} from '#app/domain/calendars/rules.ts'
import type { PlanName } from '#app/domain/enums.ts'
import { can, cheapestPlanWith } from '#app/domain/plans.ts'
import type { Outcome } from '#app/domain/refusal.ts'
import { formatMoment } from '#app/domain/time/readable.ts'
import { eq } from 'drizzle-orm'
import { calendarIntegrations } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { type PageErrors, pageData } from '../refusal.server.ts'
import { parseForm } from '../forms/parse.server.ts'
import { calendarConsentUrl, consentProblemText } from './oauth-calendar.server.ts'
import {
  type ConnectInput,
  connectIntegration,
  listIntegrations,
  refreshAll,
  refreshIntegration,
  removeIntegration,
  setCalendarBusySource,
  setIntegrationActive,
  setWriteTarget,
} from './integrations.server.ts'

type PageUser = { id: string; plan: PlanName; timeZone: string }

/** The loader's calendar data: every integration as the card shows it, and per provider whether one more is allowed. */
export async function calendarsPageData(db: Db, user: PageUser, language: string) {
  const [{ calendars, calendarForCreateEvent }, urls] = await Promise.all([
    listIntegrations(db, user.id),
    // A CalDAV account's reconnect form sends its server URL back (the API's list does not answer URLs).
    db
      .select({ id: calendarIntegrations.id, url: calendarIntegrations.url })
      .from(calendarIntegrations)
      .where(eq(calendarIntegrations.ownerId, user.id)),
  ])
  const extraAllowed = can(user.plan, 'extraCalendarOfSameType')
  return {
    integrations: calendars.map((integration) => ({
      ...integration,
      url: urls.find((row) => row.id === integration.id)?.url ?? null,
      provider: PROVIDER_KEYS.find((key) => TYPE_OF_PROVIDER[key] === integration.type) ?? 'caldav',
      lastUpdateText:
        integration.lastUpdate === null
          ? null
          : formatMoment(Date.parse(integration.lastUpdate), user.timeZone, language),
      // SPEC §2: the error border of a depressed integration; a failed last sync is shown the same way.
      hasError: integration.isDepressed || integration.syncStatus === 'fail',
    })),
    writeTarget: calendarForCreateEvent,
    /** The same rule as `canAddIntegration` (SPEC §6), read from the list already loaded. */
    canAdd: Object.fromEntries(
      PROVIDER_KEYS.map((key) => [
        key,
        extraAllowed || !calendars.some((integration) => integration.type === TYPE_OF_PROVIDER[key]),
      ]),
    ) as Record<ProviderKey, boolean>,
    availableFrom: cheapestPlanWith('extraCalendarOfSameType'),
    /** SPEC §4: while a sync runs, the page checks back until it has finished. */
    isFetching: calendars.some((integration) => integration.syncStatus === 'fetching'),
  }
}

export type CalendarsPageData = Awaited<ReturnType<typeof calendarsPageData>>

/** What a calendar intent answers when it did not redirect: which intent (and form) it was, and its errors. */
export type CalendarActionAnswer = {
  intent: string
  /** The connect form that posted (its errors show there), or the integration the intent was about. */
  target: string | null
  errors: PageErrors | null
  /** A connect form's fields as typed, except the password (a page without script has no other copy). */
  values: Record<string, string>
}

export const CALENDAR_INTENTS = [
  'connect',
  'refresh',
  'refreshAll',
  'status',
  'delete',
  'busySource',
  'writeTarget',
] as const

export function isCalendarIntent(intent: string): boolean {
  return (CALENDAR_INTENTS as readonly string[]).includes(intent)
}

const field = (form: FormData, name: string) => String(form.get(name) ?? '')

/** The connect input of a provider's form: the same fields the API takes, labelled as the API labels them. */
function connectInput(
  provider: PasswordProvider,
  fields: { login: string; password: string; url?: string },
  env: AppEnv,
): ConnectInput {
  const { login, password } = fields
  const credentials = { kind: 'password' as const, login, password }
  if (provider === 'yandex') {
    return {
      type: 'Yandex',
      label: YANDEX_LABEL,
      name: login,
      login,
      email: yandexEmail(login),
      url: env.YANDEX_CALDAV_URL,
      credentials,
    }
  }
  const email = login.includes('@') ? login : ''
  if (provider === 'apple') {
    return { type: 'Apple', label: APPLE_LABEL, name: login, login, email, url: env.APPLE_CALDAV_URL, credentials }
  }
  const url = fields.url ?? ''
  return { type: 'CalDav', label: caldavLabel(url), name: login, login, email, url, credentials }
}

/**
 * Runs one calendar intent of the page. Success redirects back to the page (a reload never re-posts a password,
 * and the card it concerns is scrolled to); a refusal or bad input answers the page's errors under the API's status.
 */
export async function calendarsPageAction(
  deps: { db: Db; env: AppEnv; now: number },
  user: PageUser,
  form: FormData,
  t: TFunction,
) {
  try {
    return await runIntent(deps, user, form, t)
  } catch (error) {
    // A form that cannot be ours (an unknown intent or provider, an id that is none of ours) answers its status with
    // a translated text on the page, rather than a thrown Response, which the Worker reports as an unhandled rejection.
    if (!(error instanceof Response) || error.status < 400 || error.status >= 500) throw error
    const text = error.status === 404 ? t('api:notFound') : t('validation:invalid')
    const errors: PageErrors = { fieldErrors: {}, formErrors: [text], planLimit: false }
    return data<CalendarActionAnswer>(
      { intent: field(form, 'intent'), target: null, values: {}, errors },
      { status: error.status },
    )
  }
}

async function runIntent(deps: { db: Db; env: AppEnv; now: number }, user: PageUser, form: FormData, t: TFunction) {
  const intent = field(form, 'intent')
  const id = field(form, 'id')
  const answer = (target: string | null, values: Record<string, string> = {}) => ({ intent, target, values })
  const back = (anchor?: string) => redirect(anchor ? `/integrations#${anchor}` : '/integrations', 303)
  const done = (outcome: Outcome<unknown>, target: string | null, anchor?: string) =>
    outcome.ok
      ? back(anchor)
      : pageData(outcome.refusal, t, (errors): CalendarActionAnswer => ({ ...answer(target), errors }))

  switch (intent) {
    case 'connect': {
      const provider = field(form, 'provider')
      if (!isPasswordProvider(provider)) throw new Response('Bad request', { status: 400 })
      // The form that posted (a provider's connect form, or an integration's reconnect form) shows the errors.
      const formId = field(form, 'formId').slice(0, 100) || provider
      const values = { login: field(form, 'login'), ...(provider === 'caldav' ? { url: field(form, 'url') } : {}) }
      const parsed = parseForm(form, ConnectFormSchema[provider], t)
      if (!parsed.ok) {
        return pageData(parsed.errors, t, (errors): CalendarActionAnswer => ({ ...answer(formId, values), errors }))
      }
      const connected = await connectIntegration(deps, user.id, connectInput(provider, parsed.value, deps.env))
      if (connected.ok) return back(`integration-${connected.value.id}`)
      return pageData(connected.refusal, t, (errors): CalendarActionAnswer => ({ ...answer(formId, values), errors }))
    }
    case 'refresh': {
      const refreshed = await refreshIntegration(deps, user.id, validId(id))
      if (!refreshed.ok) return done(refreshed, id)
      // SPEC §8 "could not update calendar": the sync ran and failed; the card shows why, this says it happened now.
      if (refreshed.value !== 'fail') return back(`integration-${id}`)
      const errors: PageErrors = {
        fieldErrors: {},
        formErrors: [t('calendars:errors.updateFailed')],
        planLimit: false,
      }
      return data<CalendarActionAnswer>({ ...answer(id), errors })
    }
    case 'refreshAll':
      return done(await refreshAll(deps, user.id), null, 'calendars')
    case 'status':
      return done(
        await setIntegrationActive(deps.db, user.id, validId(id), field(form, 'isActive') === 'true'),
        id,
        `integration-${id}`,
      )
    case 'delete':
      return done(await removeIntegration(deps, user.id, validId(id)), id, 'calendars')
    case 'consent': {
      // Google or Outlook: off to the provider's consent page (a plain form post, so it works without script).
      const provider = field(form, 'provider')
      if (provider !== 'google' && provider !== 'outlook') throw new Response('Bad request', { status: 400 })
      const consent = await calendarConsentUrl(deps, user.id, provider)
      if (consent.ok) return redirect(consent.url, 303)
      const errors: PageErrors = {
        fieldErrors: {},
        formErrors: [consentProblemText(consent.problem, provider, t)],
        planLimit: false,
      }
      // The form that posted (the provider's card, or a depressed account's reconnect) shows why.
      const formId = field(form, 'formId').slice(0, 100) || provider
      return data<CalendarActionAnswer>({ ...answer(formId), errors }, { status: consent.status })
    }
    case 'busySource': {
      const calendarId = validId(field(form, 'calendarId'))
      const isBusySource = field(form, 'isBusySource') === 'true'
      return done(
        await setCalendarBusySource(deps, user.id, validId(id), calendarId, isBusySource),
        id,
        `integration-${id}`,
      )
    }
    case 'writeTarget': {
      // "integrationId:calendarId", or "none" for not writing bookings anywhere (our ids hold no colon).
      const chosen = field(form, 'target')
      const [integrationId, calendarId] = chosen.split(':')
      const target =
        chosen === 'none' ? null : { integrationId: validId(integrationId), calendarId: validId(calendarId) }
      return done(await setWriteTarget(deps.db, user.id, target), null, 'calendars')
    }
    default:
      throw new Response('Bad request', { status: 400 })
  }
}

/** A posted id: anything that cannot be one of ours is "not found", as an unknown id is. */
function validId(value: string | undefined): string {
  const parsed = IdSchema.safeParse(value ?? '')
  if (!parsed.success) throw new Response('Not found', { status: 404 })
  return parsed.data
}
