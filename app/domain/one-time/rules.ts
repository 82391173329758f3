/**
 * One-time meetings (SPEC §3 "One-time event payload", §5 "One-time event", "email and participant rules"): the JSON
 * body of `POST /companyEvent/organizer` (the page builds the same body, form.ts), how its dates become instants,
 * and the seat rules. Pure: `now` is an argument; messages are i18n keys (app/i18n/zod-errors.ts).
 */
import { z } from 'zod'
import { DURATION_MAX_MINUTES, LONG_TEXT_MAX, TEXT_MAX } from '#app/domain/constants.ts'
import { contactInfoSchema } from '#app/domain/booking/contact-form.ts'
import { emailField, optionalPhone, optionalText, personName } from '#app/domain/fields.ts'
import { BUFFER_MAX, BUFFER_MIN, EventNameSchema, isLink, withScheme } from '#app/domain/event-types/schema.ts'
import { isAllowedReminderMinutes } from '#app/domain/event-types/reminders.ts'
import { InviteeEmailsSchema } from '#app/domain/meetings/rules.ts'
import { isTimeZone } from '#app/domain/time-zones/time-zones.ts'
import type { RefusalCode } from '#app/domain/refusal.ts'
import { PARTICIPANT_TYPES, PLACE_TYPES, TIME_UNITS, VIDEO_LINK_SERVICES, WHO_CALL_TYPES } from '#app/domain/enums.ts'

export type ParticipantType = (typeof PARTICIPANT_TYPES)[number]

const integer = () => z.number({ error: 'validation:number' }).int('validation:integer')
/** A new contact of the payload: SPEC §5 "empty new-contact values null"; name and email are required. */
export const NewContactSchema = z.object({
  firstName: personName(),
  lastName: optionalText(TEXT_MAX).transform((value) => value ?? ''),
  email: emailField(),
  phone: optionalPhone(),
})
export type NewContact = z.output<typeof NewContactSchema>

/**
 * A date of the payload: `from`/`to` are ISO 8601 date-times. With an offset or `Z` they are instants; without one
 * they are wall times read with `gmtOffset` (hours; SPEC §5 "gmtOffset falls back to browser offset").
 */
export const OneTimeDateSchema = z.object({
  from: z.string({ error: 'validation:required' }).max(40),
  to: z.string({ error: 'validation:required' }).max(40),
  gmtOffset: z.number({ error: 'validation:number' }).min(-14).max(14).nullish(),
})

export const OneTimeFormSchema = z
  .object({
    name: EventNameSchema,
    description: optionalText(LONG_TEXT_MAX, 1, { multiline: true }).transform((value) => value ?? ''),
    type: z.enum(PLACE_TYPES).default('Meet'),
    whoCallType: z.enum(WHO_CALL_TYPES).nullish(),
    meetingPoint: optionalText(LONG_TEXT_MAX, 1, { multiline: true }),
    /** Online: each meeting (one per date) gets its own link from this service instead of one fixed link (issue 15). */
    videoLinkService: z.enum(VIDEO_LINK_SERVICES).nullish(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'eventTypes:errors.color')
      .default('#ff0000'),
    participantType: z.enum(PARTICIPANT_TYPES).default('SimpleNotCollective'),
    totalSeats: integer().nullish(),
    minSeats: integer().nullish(),
    remindersInMinutes: z
      .array(integer().refine(isAllowedReminderMinutes, 'eventTypes:errors.reminder'))
      .max(10)
      .default([]),
    getTimeBeforeValue: integer().min(BUFFER_MIN, 'validation:min').max(BUFFER_MAX, 'validation:max').nullish(),
    getTimeAfterValue: integer().min(BUFFER_MIN, 'validation:min').max(BUFFER_MAX, 'validation:max').nullish(),
    isMessengerRequired: z.boolean().default(false),
    isPhoneRequired: z.boolean().default(false),
    isLastNameRequired: z.boolean().default(false),
    isOptionalInputsHidden: z.boolean().default(false),
    whenClosesType: z.enum(TIME_UNITS).default('Minutes'),
    whenClosesValue: integer().min(0, 'validation:min').max(100_000, 'validation:max').default(0),
  })
  .superRefine((form, ctx) => {
    // SPEC §5 "Meeting point: required unless phone; for online must match a URL pattern".
    // An online meeting with a service's own link has no fixed one (what was typed is ignored).
    const perMeetingLink = form.type === 'Online' && Boolean(form.videoLinkService)
    if (form.type !== 'Phone' && !perMeetingLink && !form.meetingPoint) {
      ctx.addIssue({ code: 'custom', path: ['meetingPoint'], message: 'validation:required' })
    }
    if (form.type === 'Online' && !perMeetingLink && form.meetingPoint && !isLink(withScheme(form.meetingPoint))) {
      ctx.addIssue({ code: 'custom', path: ['meetingPoint'], message: 'eventTypes:errors.url' })
    }
    if (isGroupType(form.participantType)) {
      const total = form.totalSeats ?? 0
      const min = form.minSeats ?? 0
      // SPEC §5 "Group seats: totalSeats above 1 and not below minSeats; minSeats above 0 and not above totalSeats".
      if (total <= 1) ctx.addIssue({ code: 'custom', path: ['totalSeats'], message: 'oneTime:errors.totalSeats' })
      if (min <= 0 || min > total) {
        ctx.addIssue({ code: 'custom', path: ['minSeats'], message: 'oneTime:errors.minSeats' })
      }
    }
  })
  .transform((form) => ({
    ...form,
    videoLinkService: form.type === 'Online' ? (form.videoLinkService ?? null) : null,
    meetingPoint:
      form.type === 'Phone' || (form.type === 'Online' && form.videoLinkService)
        ? null
        : form.type === 'Online' && form.meetingPoint
          ? withScheme(form.meetingPoint)
          : form.meetingPoint,
    whoCallType: form.type === 'Phone' ? (form.whoCallType ?? 'OrganizerCallToMember') : null,
    ...seatsOf(form.participantType, form.totalSeats, form.minSeats),
  }))
export type OneTimeForm = z.output<typeof OneTimeFormSchema>

/** `POST /companyEvent/organizer` (SPEC §3 "One-time event payload"); `timeZone` names the meeting's IANA zone. */
export const OneTimeEventSchema = z.object({
  contactIds: z
    .array(z.string().min(1).max(64))
    .max(100)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
  contacts: z
    .array(NewContactSchema)
    .max(100)
    .nullish()
    .transform((list) => list ?? []),
  adjutantEmails: InviteeEmailsSchema.nullish().transform((emails) => emails ?? []),
  timeZone: z.string().refine(isTimeZone, 'oneTime:errors.timeZone').nullish(),
  dates: z.array(OneTimeDateSchema).min(1, 'validation:required').max(10, 'validation:max'),
  form: OneTimeFormSchema,
})
export type OneTimeEventInput = z.output<typeof OneTimeEventSchema>

export function isGroupType(participantType: string): boolean {
  return participantType === 'GroupNotCollective' || participantType === 'GroupCollective'
}

/** Seats of the meeting: a simple kind (individual, or collective with colleagues) holds one participant. */
export function seatsOf(participantType: ParticipantType, totalSeats?: number | null, minSeats?: number | null) {
  if (!isGroupType(participantType)) return { totalSeats: 1, minSeats: 1 }
  return { totalSeats: totalSeats ?? 2, minSeats: minSeats ?? 1 }
}

const OFFSET_SUFFIX = /(?:Z|[+-]\d{2}:?\d{2})$/i
const WALL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/

/** An ISO date-time to an instant; a wall time needs `offsetHours`. Null when it cannot be read. */
export function instantOf(value: string, offsetHours: number | null | undefined): number | null {
  const text = value.trim()
  if (OFFSET_SUFFIX.test(text)) {
    const ms = Date.parse(text)
    return Number.isNaN(ms) ? null : ms
  }
  const match = WALL.exec(text)
  if (!match || offsetHours === null || offsetHours === undefined) return null
  const ms = Date.parse(`${match[1]}T${match[2]}:00Z`)
  return Number.isNaN(ms) ? null : ms - offsetHours * 3_600_000
}

export type DateProblem = { path: (string | number)[]; code: RefusalCode }

/**
 * The payload's dates as instants, or the problems: unreadable, end not after start, longer than the longest event
 * (23 hours, SPEC §9), in the past (SPEC §5 "not in past"), or overlapping each other.
 */
export function resolveDates(
  dates: OneTimeEventInput['dates'],
  fallbackOffsetHours: (wall: string) => number | null,
  now: number,
): { ok: true; times: { start: number; end: number }[] } | { ok: false; problems: DateProblem[] } {
  const problems: DateProblem[] = []
  const times: { start: number; end: number }[] = []
  dates.forEach((date, index) => {
    const offset = date.gmtOffset ?? fallbackOffsetHours(date.from)
    const start = instantOf(date.from, offset)
    const end = instantOf(date.to, date.gmtOffset ?? fallbackOffsetHours(date.to))
    if (start === null) problems.push({ path: ['dates', index, 'from'], code: 'invalidDate' })
    if (end === null) problems.push({ path: ['dates', index, 'to'], code: 'invalidDate' })
    if (start === null || end === null) return
    if (end <= start) problems.push({ path: ['dates', index, 'to'], code: 'endAfterStart' })
    else if (end - start > DURATION_MAX_MINUTES * 60_000) {
      problems.push({ path: ['dates', index, 'to'], code: 'oneTimeTooLong' })
    } else if (start <= now) problems.push({ path: ['dates', index, 'from'], code: 'dateNotInPast' })
    else if (times.some((other) => other.start < end && start < other.end)) {
      problems.push({ path: ['dates', index], code: 'datesOverlap' })
    } else times.push({ start, end })
  })
  return problems.length > 0 ? { ok: false, problems } : { ok: true, times }
}

/** SPEC §5 "participant count cannot be below current participants; max participants reached". */
export function inviteesFit(form: Pick<OneTimeForm, 'totalSeats'>, invitees: number): boolean {
  return invitees <= form.totalSeats
}

/** Minutes before the start after which the public page takes no more bookings or confirmations. */
export function closesMinutes(value: number, unit: (typeof TIME_UNITS)[number]): number {
  return value * (unit === 'Days' ? 1440 : unit === 'Hours' ? 60 : 1)
}

/** The public form of `/booking` (SPEC §3 "Booking form"): the required flags of the one-time meeting. */
export function oneTimeContactSchema(rules: {
  isLastNameRequired: boolean
  isPhoneRequired: boolean
  isMessengerRequired: boolean
}) {
  return contactInfoSchema(rules)
}
