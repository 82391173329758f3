/**
 * The event-type form and API body (SPEC §3 field names, SPEC §5 rules): one zod schema used by the JSON
 * API, the page actions and the page itself. Database rules (uniqueness, schedule ownership, plan gating) are
 * the server's (app/server/event-types). Messages are i18n keys, translated by app/i18n/zod-errors.ts.
 */
import { z } from 'zod'
import { DEFAULT_REMINDERS_MINUTES, LONG_TEXT_MAX, TEXT_MAX } from '#app/domain/constants.ts'
import { isReservedName } from '#app/domain/reserved-names.ts'
import { type IsoDate, dmyToIso, isFormDmy } from '#app/domain/time/index.ts'
import {
  CURRENCIES,
  PARTICIPANT_TYPES,
  PLACE_TYPES,
  RECORD_IS_OPEN_TYPES,
  TIME_UNITS,
  VIDEO_LINK_SERVICES,
  WHO_CALL_TYPES,
} from '#app/domain/enums.ts'
import { recognizeMeetingLink } from '#app/domain/meetings/meeting-link.ts'
import { LINK_PATTERN, normalizeEventName, parseLink } from './link.ts'
import { DURATION_TYPES, DURATION_UNITS, STEP_TYPES, resolveDurationStep } from './duration-step.ts'
import {
  type CustomReminder,
  customReminderMinutes,
  isAllowedReminderMinutes,
  isValidCustomReminder,
} from './reminders.ts'

export const BUFFER_PRESETS = [5, 10, 15, 30, 45, 60] as const
export const BUFFER_MIN = 5
export const BUFFER_MAX = 60
export const CURRENCY_SYMBOLS: Record<(typeof CURRENCIES)[number], string> = { RUB: '₽', USD: '$', EUR: '€' }

/** SPEC §5 "Link detector": http/https URL with a domain or IP, optional port, path, query, hash. */
const LINK_DETECTOR =
  /^https?:\/\/(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}|(?:\d{1,3}\.){3}\d{1,3})(?::\d{1,5})?(?:\/[^\s?#]*)?(?:\?[^\s#]*)?(?:#\S*)?$/i

/** A link of another scheme than http(s): refused with its own message (issue 15). */
function isRefusedScheme(value: string): boolean {
  const found = recognizeMeetingLink(value)
  return !found.ok && found.reason === 'scheme'
}

export function isLink(value: string): boolean {
  return LINK_DETECTOR.test(value)
}

/** SPEC §5: a meeting-point link gets http:// when it has no scheme. */
export function withScheme(value: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`
}

/** SPEC §5 seat defaults: individual 1, collective 0, group min 1 max 2. */
export function defaultSeats(participantType: (typeof PARTICIPANT_TYPES)[number]) {
  if (participantType === 'SimpleNotCollective') return { minSeats: 1, totalSeats: 1 }
  if (participantType === 'SimpleCollective') return { minSeats: 0, totalSeats: 0 }
  return { minSeats: 1, totalSeats: 2 }
}

export function isGroup(participantType: string): boolean {
  return participantType === 'GroupNotCollective' || participantType === 'GroupCollective'
}

const required = { error: 'validation:required' }
const integer = (message = 'validation:integer') => z.number({ error: 'validation:number' }).int(message)
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation:maxChars')
    .nullish()
    .transform((value) => value || null)

export const EventNameSchema = z
  .string(required)
  .transform(normalizeEventName)
  .pipe(z.string().min(1, 'validation:required').max(TEXT_MAX, 'validation:maxChars'))

export const EventLinkSchema = z
  .string(required)
  .transform(parseLink)
  .pipe(
    z
      .string()
      .min(1, { message: 'validation:required', abort: true })
      .max(TEXT_MAX, 'validation:maxChars')
      .regex(LINK_PATTERN, 'eventTypes:errors.linkChars')
      .refine((link) => link !== '.' && link !== '..', 'eventTypes:errors.linkDots')
      .refine((link) => !isReservedName(link), 'eventTypes:errors.linkReserved'),
  )

const CustomReminderSchema = z.object({
  amount: integer().positive('validation:positive'),
  unit: z.enum(TIME_UNITS, required),
})

const DmySchema = z.string(required).refine(isFormDmy, 'validation:invalidDate')

const fields = {
  name: EventNameSchema,
  link: EventLinkSchema,
  description: optionalText(LONG_TEXT_MAX).transform((value) => value ?? ''),
  color: z.string(required).regex(/^#[0-9a-fA-F]{6}$/, 'eventTypes:errors.color'),
  eventTypePlaceType: z.enum(PLACE_TYPES).default('Meet'),
  meetingPoint: optionalText(LONG_TEXT_MAX),
  /** Online: every meeting gets its own link from this service instead of one fixed link (issue 15). */
  videoLinkService: z.enum(VIDEO_LINK_SERVICES).nullish(),
  whoCallType: z.enum(WHO_CALL_TYPES).nullish(),
  // Duration and slot step (SPEC §3): the type fields, or `durationInMinutes` and a `stepValue` alone as before;
  // resolved to minutes by duration-step.ts, which also checks that what is sent agrees (ADR 0106).
  durationInMinutes: z.number({ error: 'validation:number' }).nullish(),
  durationType: z.enum(DURATION_TYPES).nullish(),
  durationValue: z.number({ error: 'validation:number' }).nullish(),
  durationValueType: z.enum(DURATION_UNITS).nullish(),
  stepType: z.enum(STEP_TYPES).nullish(),
  stepValue: z.number({ error: 'validation:number' }).nullish(),
  stepValueType: z.enum(DURATION_UNITS).nullish(),
  getTimeBeforeValue: integer().min(BUFFER_MIN, 'validation:min').max(BUFFER_MAX, 'validation:max').nullish(),
  getTimeAfterValue: integer().min(BUFFER_MIN, 'validation:min').max(BUFFER_MAX, 'validation:max').nullish(),
  // SPEC §9 default reminders 60 and 1440 when the body leaves the list out (an empty list means "none").
  remindersInMinutes: z.array(integer().positive('validation:positive')).default(() => [...DEFAULT_REMINDERS_MINUTES]),
  remindersInMinutesCustom: z.boolean().default(false),
  remindersInMinutesCustomValues: z.array(CustomReminderSchema).default([]),
  whenClosesValue: integer().min(0, 'validation:min').default(0),
  whenClosesType: z.enum(TIME_UNITS).default('Minutes'),
  recordIsOpenType: z.enum(RECORD_IS_OPEN_TYPES).default('NoRestrictions'),
  recordIsOpenPeriodStart: z.string().nullish(),
  recordIsOpenPeriodEnd: z.string().nullish(),
  maximumRecordsPerDayValue: integer().min(0, 'validation:min').default(0),
  participantType: z.enum(PARTICIPANT_TYPES).default('SimpleNotCollective'),
  minSeats: integer().nullish(),
  totalSeats: integer().nullish(),
  isLastNameRequired: z.boolean().default(false),
  isMessengerRequired: z.boolean().default(false),
  isPhoneRequired: z.boolean().default(false),
  isOptionalInputsHidden: z.boolean().default(false),
  isShowCost: z.boolean().default(false),
  cost: z.number({ error: 'validation:number' }).nullish(),
  currency: z.enum(CURRENCIES).nullish(),
  isShowRedirection: z.boolean().default(false),
  redirectUrl: optionalText(LONG_TEXT_MAX),
  redirectComment: optionalText(TEXT_MAX),
  scheduleId: z.string(required).min(1, 'validation:required'),
  isActive: z.boolean().default(true),
  isShowOnSpecialistPage: z.boolean().default(true),
}

export type EventTypeRulesContext = {
  /** Today in the specialist's time zone: a period may not start before it (SPEC §5). */
  today: IsoDate
  /** The saved period start (DD.MM.YYYY), if any: keeping it is allowed even once it is past. */
  savedPeriodStart?: string | null
}

/** The schema of a whole event type, with the cross-field rules of SPEC §5; the output is normalised. */
export function eventTypeSchema(context: EventTypeRulesContext) {
  return z
    .object(fields)
    .superRefine((value, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })

      for (const found of resolveDurationStep(value).issues) issue(found.path, found.message)

      // Meeting point: required unless phone; an online one must be a link (SPEC §5).
      // An online type with a service's own link per meeting has no fixed link; other schemes than http(s) are refused.
      const perMeetingLink = value.eventTypePlaceType === 'Online' && Boolean(value.videoLinkService)
      if (value.eventTypePlaceType !== 'Phone' && !perMeetingLink) {
        if (!value.meetingPoint) issue('meetingPoint', 'validation:required')
        else if (value.eventTypePlaceType === 'Online' && isRefusedScheme(value.meetingPoint))
          issue('meetingPoint', 'eventTypes:errors.urlScheme')
        else if (value.eventTypePlaceType === 'Online' && !isLink(withScheme(value.meetingPoint)))
          issue('meetingPoint', 'eventTypes:errors.url')
        else if (value.eventTypePlaceType === 'Meet' && value.meetingPoint.length > TEXT_MAX)
          issue('meetingPoint', 'eventTypes:errors.addressTooLong')
      }

      if (value.remindersInMinutes.some((minutes) => !isAllowedReminderMinutes(minutes)))
        issue('remindersInMinutes', 'eventTypes:errors.reminder')
      if (value.remindersInMinutesCustom) {
        if (value.remindersInMinutesCustomValues.length === 0)
          issue('remindersInMinutesCustomValues', 'validation:required')
        value.remindersInMinutesCustomValues.forEach((reminder, index) => {
          // A missing, fractional or non-positive amount already has its own message (the field schema).
          if (Number.isInteger(reminder.amount) && reminder.amount > 0 && !isValidCustomReminder(reminder))
            ctx.addIssue({
              code: 'custom',
              path: ['remindersInMinutesCustomValues', index, 'amount'],
              message: `eventTypes:errors.reminder${reminder.unit}`,
            })
        })
      }

      if (value.recordIsOpenType === 'Period') {
        const start = value.recordIsOpenPeriodStart
        const end = value.recordIsOpenPeriodEnd
        const startOk = checkDate(start, 'recordIsOpenPeriodStart', issue)
        const endOk = checkDate(end, 'recordIsOpenPeriodEnd', issue)
        if (startOk && start !== context.savedPeriodStart && dmyToIso(start as string) < context.today)
          issue('recordIsOpenPeriodStart', 'eventTypes:errors.periodStartPast')
        if (startOk && endOk && dmyToIso(start as string) > dmyToIso(end as string))
          issue('recordIsOpenPeriodEnd', 'eventTypes:errors.periodEndBeforeStart')
      }

      if (isGroup(value.participantType)) {
        const { minSeats, totalSeats } = value
        if (minSeats == null) issue('minSeats', 'validation:required')
        if (totalSeats == null) issue('totalSeats', 'validation:required')
        if (minSeats != null && minSeats < 1) issue('minSeats', 'validation:positive')
        if (totalSeats != null && totalSeats < 2) issue('totalSeats', 'eventTypes:errors.totalSeatsAboveOne')
        if (minSeats != null && totalSeats != null && minSeats >= 1 && totalSeats >= 2 && minSeats > totalSeats)
          issue('minSeats', 'eventTypes:errors.minSeatsAboveTotal')
      }

      if (value.isShowCost) {
        if (value.cost == null) issue('cost', 'validation:required')
        else if (!(value.cost > 0)) issue('cost', 'validation:positive')
      }
      if (value.isShowRedirection) {
        if (!value.redirectUrl) issue('redirectUrl', 'validation:required')
        else if (!isLink(value.redirectUrl)) issue('redirectUrl', 'eventTypes:errors.url')
      }
    })
    .transform((value) => {
      const isPhone = value.eventTypePlaceType === 'Phone'
      const videoLinkService = value.eventTypePlaceType === 'Online' ? (value.videoLinkService ?? null) : null
      const customMinutes = value.remindersInMinutesCustom
        ? value.remindersInMinutesCustomValues.map((reminder: CustomReminder) => customReminderMinutes(reminder))
        : []
      const seats = isGroup(value.participantType)
        ? { minSeats: value.minSeats as number, totalSeats: value.totalSeats as number }
        : defaultSeats(value.participantType)
      const isPeriod = value.recordIsOpenType === 'Period'
      // The refinement above refused any body these do not resolve.
      const { durationInMinutes, stepMinutes } = resolveDurationStep(value) as {
        durationInMinutes: number
        stepMinutes: number
      }
      return {
        name: value.name,
        link: value.link,
        description: value.description,
        color: value.color.toLowerCase(),
        eventTypePlaceType: value.eventTypePlaceType,
        // SPEC §4: choosing phone clears the meeting point.
        meetingPoint:
          isPhone || videoLinkService
            ? null
            : value.eventTypePlaceType === 'Online'
              ? withScheme(value.meetingPoint as string)
              : value.meetingPoint,
        videoLinkService,
        whoCallType: isPhone ? (value.whoCallType ?? 'MemberCallToOrganizer') : null,
        durationInMinutes,
        stepMinutes,
        getTimeBeforeValue: value.getTimeBeforeValue ?? null,
        getTimeAfterValue: value.getTimeAfterValue ?? null,
        remindersInMinutes: [...new Set([...value.remindersInMinutes, ...customMinutes])].sort((a, b) => a - b),
        whenClosesValue: value.whenClosesValue,
        whenClosesType: value.whenClosesType,
        recordIsOpenType: value.recordIsOpenType,
        // SPEC §4: a window without a period clears both dates.
        recordIsOpenPeriodStart: isPeriod ? (value.recordIsOpenPeriodStart as string) : null,
        recordIsOpenPeriodEnd: isPeriod ? (value.recordIsOpenPeriodEnd as string) : null,
        maximumRecordsPerDayValue: value.maximumRecordsPerDayValue,
        participantType: value.participantType,
        ...seats,
        isLastNameRequired: value.isLastNameRequired,
        isMessengerRequired: value.isMessengerRequired,
        isPhoneRequired: value.isPhoneRequired,
        isOptionalInputsHidden: value.isOptionalInputsHidden,
        // SPEC §4: turning cost or redirect off clears their values.
        isShowCost: value.isShowCost,
        cost: value.isShowCost ? (value.cost as number) : null,
        currency: value.isShowCost ? (value.currency ?? 'RUB') : null,
        isShowRedirection: value.isShowRedirection,
        redirectUrl: value.isShowRedirection ? value.redirectUrl : null,
        redirectComment: value.isShowRedirection ? value.redirectComment : null,
        scheduleId: value.scheduleId,
        isActive: value.isActive,
        isShowOnSpecialistPage: value.isShowOnSpecialistPage,
      }
    })
}

export type EventTypeInput = z.output<ReturnType<typeof eventTypeSchema>>

function checkDate(
  value: string | null | undefined,
  path: string,
  issue: (path: string, message: string) => void,
): value is string {
  if (!value) {
    issue(path, 'validation:required')
    return false
  }
  if (!DmySchema.safeParse(value).success) {
    issue(path, 'validation:invalidDate')
    return false
  }
  return true
}
