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
  payloadFromValues,
  whenProblems,
} from '#app/domain/one-time/form.ts'
import { OneTimeEventSchema } from '#app/domain/one-time/rules.ts'
import { refusalProblems } from '#app/domain/refusal.ts'
import { capabilityForParticipantType, can, cheapestPlanWith } from '#app/domain/plans.ts'
import { listTimeZones } from '#app/domain/time-zones/time-zones.ts'
import type { Language } from '#app/i18n/config.ts'
import { issueText } from '#app/i18n/zod-errors.ts'
import type { SessionUser } from '#app/server/auth/session.server.ts'
import type { Db } from '#app/server/db.server.ts'
import type { Bindings } from '#app/server/env.server.ts'
import { Refused, problemText } from '#app/server/refusal.server.ts'
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

/** A payload path (`form.name`, `dates.0.from`, `contacts.1.email`) as the page's field name, if it has one. */
function fieldOf(path: (string | number)[], newContactRows: number[]): string | null {
  const [head, second, third] = path
  if (head === 'form' && typeof second === 'string') return second === 'remindersInMinutes' ? 'reminders' : second
  if (head === 'dates') return third === 'to' ? 'timeTo' : 'timeFrom'
  if (head === 'contacts' && typeof second === 'number' && typeof third === 'string') {
    return `newContacts.${newContactRows[second] ?? second}.${third}`
  }
  if (head === 'contacts') return 'newContacts'
  if (head === 'contactIds') return 'existContacts'
  if (head === 'adjutantEmails') return 'adjutants'
  if (head === 'timeZone') return 'timeZone'
  return null
}

function collect(
  problems: { path: (string | number)[]; text: string }[],
  values: OneTimeFormValues,
): Pick<CreateAnswer, 'errors' | 'fieldErrors'> {
  const rows = values.newContacts
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.firstName.trim() || row.lastName.trim() || row.email.trim())
    .map(({ index }) => index)
  const fieldErrors: Record<string, string[]> = {}
  const errors: string[] = []
  for (const problem of problems) {
    const field = fieldOf(problem.path, rows)
    if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), problem.text]
    else errors.push(problem.text)
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
    return {
      status: 200,
      answer: {
        values: source ? chooseTemplate(values, source.id, source) : clearTemplate(values),
        errors: [],
        fieldErrors: {},
        conflict: null,
      },
    }
  }
  if (intent === 'addContact') {
    return {
      status: 200,
      answer: {
        values: { ...values, newContacts: [...values.newContacts, { firstName: '', lastName: '', email: '' }] },
        errors: [],
        fieldErrors: {},
        conflict: null,
      },
    }
  }
  if (!isOkCreate(user)) return answer(403, { errors: [t('api:planLimit')] })
  const offset = Number(form.get('browserOffset'))
  const payload = payloadFromValues(values, form.get('browserOffset') && Number.isFinite(offset) ? offset : null)
  const parsed = OneTimeEventSchema.safeParse(payload)
  // The date and times as typed: a field that is missing or no date/time is named under itself, not as the payload's
  // `dates` it cannot make.
  const when = whenProblems(values)
  if (!parsed.success || when.length > 0) {
    const found = collect(
      (parsed.success ? [] : parsed.error.issues)
        .filter((issue) => when.length === 0 || issue.path[0] !== 'dates')
        .map((issue) => ({ path: issue.path as (string | number)[], text: issueText({ ...issue, path: [] }, t) })),
      values,
    )
    for (const problem of when) {
      found.fieldErrors[problem.field] = [t(problem.key), ...(found.fieldErrors[problem.field] ?? [])]
    }
    return answer(400, found)
  }
  const create = (ignoreFreeTimeCheck: boolean) =>
    createOneTime(bindings, user, parsed.data, { ignoreFreeTimeCheck, language, fallbackTimeZone: null })
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
    if (error instanceof Refused) {
      return answer(
        error.status,
        collect(
          refusalProblems(error.refusal).map((problem) => ({
            path: problem.field
              ? problem.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
              : [],
            text: problemText(problem, t),
          })),
          values,
        ),
      )
    }
    throw error
  }
}
