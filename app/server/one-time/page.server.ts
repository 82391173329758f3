/**
 * The creation page's server side (`/meetings/one-time-event/create`): what the form needs (templates from the
 * organizer's event types, contacts, zones), and the action: the form becomes the `companyEvent` payload (SPEC §5
 * rules, app/domain/one-time/form.ts), validated by the same schema as the JSON API, and goes through the host's
 * Durable Object. Problems come back per field, translated; the overlap refusal comes back as the confirmation.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { TFunction } from 'i18next'
import { addDays, instantToZoned } from '#app/domain/time/index.ts'
import {
  type OneTimeFormValues,
  chooseTemplate,
  clearTemplate,
  formValuesFromFormData,
  newFormValues,
} from '#app/domain/one-time/form.ts'
import { oneTimePageSchema, pageFieldOf } from '#app/domain/one-time/page-form.ts'
import { type Refusal, refusalProblems } from '#app/domain/refusal.ts'
import { capabilityForParticipantType, can, cheapestPlanWith } from '#app/domain/plans.ts'
import { listTimeZones } from '#app/domain/time-zones/time-zones.ts'
import type { Language } from '#app/i18n/config.ts'
import type { SessionUser } from '#app/server/auth/session.server.ts'
import type { Db } from '#app/server/db.server.ts'
import type { Bindings } from '#app/server/env.server.ts'
import { Refused, problemText } from '#app/server/refusal.server.ts'
import { parseValue } from '#app/server/forms/parse.server.ts'
import { contacts, eventTypes } from '#db/schema.ts'
import { FreeTimeConflict, createOneTime, isOkCreate } from './one-time.server.ts'

const CONTACTS_SHOWN = 500

export async function createPageData(db: Db, user: SessionUser, language: Language, now: number) {
  const [templates, contactRows] = await Promise.all([
    db.select().from(eventTypes).where(eq(eventTypes.ownerId, user.id)).orderBy(asc(eventTypes.name)),
    db
      .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
      .from(contacts)
      .where(and(eq(contacts.ownerId, user.id), eq(contacts.isArchived, false), isNotNull(contacts.email)))
      .orderBy(asc(contacts.firstName), asc(contacts.lastName))
      .limit(CONTACTS_SHOWN),
  ])
  const today = instantToZoned(user.timeZone, now).date
  const lockedTypes: Record<string, string> = {}
  for (const type of ['SimpleNotCollective', 'SimpleCollective', 'GroupNotCollective', 'GroupCollective']) {
    const capability = capabilityForParticipantType(type)
    if (capability && !can(user.plan, capability)) lockedTypes[type] = cheapestPlanWith(capability)
  }
  return {
    allowed: isOkCreate(user),
    availableFrom: cheapestPlanWith('oneTimeMeetings'),
    lockedTypes,
    /** "A Telemost link for each meeting" needs a higher plan (issue 15): the badge and the limit modal. */
    videoLinksLocked: !can(user.plan, 'videoMeetingLinks'),
    templates: templates.map((row) => ({
      id: row.id,
      name: row.name,
      source: {
        name: row.name,
        description: row.description,
        placeType: row.placeType,
        meetingPoint: row.meetingPoint,
        videoLinkService: row.videoLinkService,
        whoCallType: row.whoCallType,
        color: row.color,
        remindersInMinutes: row.remindersInMinutes,
        isLastNameRequired: row.isLastNameRequired,
        isPhoneRequired: row.isPhoneRequired,
        isMessengerRequired: row.isMessengerRequired,
        isOptionalInputsHidden: row.isOptionalInputsHidden,
        whenClosesValue: row.whenClosesValue,
        whenClosesType: row.whenClosesType,
        timeBeforeMinutes: row.timeBeforeMinutes,
        timeAfterMinutes: row.timeAfterMinutes,
      },
    })),
    contacts: contactRows.map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email as string,
    })),
    zones: listTimeZones(language, now, user.timeZone).map((zone) => ({ value: zone.ianaId, label: zone.displayName })),
    defaults: newFormValues({ date: addDays(today, 1), timeZone: user.timeZone }),
    minDate: today,
  }
}

export type CreateAnswer = {
  values: OneTimeFormValues
  errors: string[]
  fieldErrors: Record<string, string[]>
  conflict: { texts: string[]; hasOverlaps: boolean; hasBusy: boolean } | null
}

/** A refusal's texts under the page's fields (the decision names the payload's, as the API reports them). */
function refusalAnswer(refusal: Refusal, t: TFunction): Pick<CreateAnswer, 'errors' | 'fieldErrors'> {
  const errors: string[] = []
  const fieldErrors: Record<string, string[]> = {}
  for (const problem of refusalProblems(refusal)) {
    const text = problemText(problem, t)
    if (!problem.field) errors.push(text)
    else {
      const field = pageFieldOf(problem.field)
      fieldErrors[field] = [...(fieldErrors[field] ?? []), text]
    }
  }
  return { errors, fieldErrors }
}

export type CreateResult = { status: number; answer: CreateAnswer } | { status: 201; id: string }

/** The page action: apply a template (no script), add a contact row (no script), or create. */
export async function createPageAction(
  bindings: Bindings,
  db: Db,
  user: SessionUser,
  form: FormData,
  language: Language,
  t: TFunction,
): Promise<CreateResult> {
  const values = formValuesFromFormData(form)
  const answer = (status: number, rest: Partial<CreateAnswer> = {}): CreateResult => ({
    status,
    answer: { values, errors: [], fieldErrors: {}, conflict: null, ...rest },
  })
  const intent = String(form.get('intent') ?? 'create')
  if (intent === 'template') {
    const [source] = values.template
      ? await db
          .select()
          .from(eventTypes)
          .where(and(eq(eventTypes.ownerId, user.id), eq(eventTypes.id, values.template)))
          .limit(1)
      : []
    return answer(200, { values: source ? chooseTemplate(values, source.id, source) : clearTemplate(values) })
  }
  if (intent === 'addContact') {
    return answer(200, {
      values: { ...values, newContacts: [...values.newContacts, { firstName: '', lastName: '', email: '' }] },
    })
  }
  if (!isOkCreate(user)) return answer(403, { errors: [t('api:planLimit')] })
  const offset = Number(form.get('browserOffset'))
  const parsed = parseValue(
    values,
    oneTimePageSchema(form.get('browserOffset') && Number.isFinite(offset) ? offset : null),
    t,
  )
  if (!parsed.ok) return answer(400, { errors: parsed.errors.formErrors, fieldErrors: parsed.errors.fieldErrors })
  const create = (ignoreFreeTimeCheck: boolean) =>
    createOneTime(bindings, user, parsed.value, { ignoreFreeTimeCheck, language, fallbackTimeZone: null })
  // Invitees the organizer already chose to "Add anyway" as they were picked are not asked about again.
  const accepted = new Set(form.getAll('acceptedBusy').map((email) => String(email).toLowerCase()))
  try {
    try {
      return { status: 201, id: (await create(form.get('ignoreOverlapEvents') === 'on')).id }
    } catch (error) {
      const onlyAccepted =
        error instanceof FreeTimeConflict &&
        error.overlaps.length === 0 &&
        error.busyEmails.every((email) => accepted.has(email))
      if (!onlyAccepted) throw error
      return { status: 201, id: (await create(true)).id }
    }
  } catch (error) {
    if (error instanceof FreeTimeConflict) {
      return answer(409, {
        conflict: {
          texts: refusalProblems(error.refusal).map((problem) => problemText(problem, t)),
          hasOverlaps: error.overlaps.length > 0,
          hasBusy: error.busyEmails.length > 0,
        },
      })
    }
    if (error instanceof Refused) return answer(error.status, refusalAnswer(error.refusal, t))
    throw error
  }
}
