import { z } from 'zod'

/**
 * The `data` of the API's answers, as the OpenAPI document describes them (ADR 0104). Objects are open (a field
 * added later does not break a client), but every field named here must be there with its type: the integration
 * tests check every answer they get against these (tests/integration/helpers/openapi-check.ts).
 */

const Instant = z.string().describe('ISO 8601 UTC instant, `2026-03-01T09:00:00.000Z`')
const Dmy = z
  .string()
  .regex(/^\d{2}\.\d{2}\.\d{4}$/)
  .describe('a date, `DD.MM.YYYY`')
const Hm = z
  .string()
  .regex(/^\d{2}:\d{2}$/)
  .describe('a time of day, `HH:mm`')
const Id = z.string().min(1)

export const NullData = z.null()
export const IdData = z.object({ id: Id })
export const IsOkData = z.object({ isOk: z.boolean() })
export const IsOkCommentsData = z.object({ isOk: z.boolean(), comments: z.array(z.string()) })
export const BooleanData = z.boolean()
export const UrlData = z.object({ url: z.string() })
export const ConfirmationData = z.object({ confirmationUrl: z.string() })

export const TokenPairData = z.object({ token: z.string(), refreshToken: z.string() })

export const ProfileData = z.object({
  userId: Id,
  login: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  ianaTimeZoneId: z.string(),
  culture: z.string(),
  tariff: z.object({ name: z.string(), validUntil: Instant.nullable() }),
  registrationDate: Instant,
})

export const TimeZonesData = z.array(
  z.object({
    ianaId: z.string(),
    name: z.string(),
    displayName: z.string(),
    countryName: z.string(),
    utcDiffTime: z.string(),
    localTime: Hm,
  }),
)

export const ShortEventTypeData = z.object({
  id: Id,
  name: z.string(),
  link: z.string(),
  color: z.string(),
  durationInMinutes: z.number(),
  isActive: z.boolean(),
})

export const EventTypeData = z.object({
  id: Id,
  name: z.string(),
  link: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  eventTypePlaceType: z.string(),
  meetingPoint: z.string().nullable(),
  durationInMinutes: z.number(),
  stepValue: z.number(),
  stepValueType: z.string(),
  participantType: z.string(),
  isActive: z.boolean(),
  isShowOnSpecialistPage: z.boolean(),
  scheduleId: z.string().nullable(),
})

export const EventTypeListData = z.object({
  items: z.array(EventTypeData),
  pagination: z.object({ totalCount: z.number(), currentOffset: z.number() }),
})

const Interval = z.object({ start: Hm, end: Hm })
export const ScheduleData = z.object({
  id: Id,
  name: z.string(),
  timeZone: z.string(),
  isDefault: z.boolean(),
  weekly: z.array(z.object({ weekday: z.number().int().min(0).max(7), intervals: z.array(Interval) })),
  adjustments: z.array(z.object({ date: Dmy, isDayOff: z.boolean(), intervals: z.array(Interval) })),
})

export const DaysData = z.array(Dmy).describe('the dates of the month with at least one free slot')

export const SlotsData = z.array(
  z.object({ day: Dmy, from: Hm, to: Hm, start: Instant, end: Instant, seatsLeft: z.number().int() }),
)

export const PublicHostData = z.object({
  login: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  eventTypes: z.array(z.object({ name: z.string(), link: z.string(), durationInMinutes: z.number() })),
})

export const PublicEventTypeData = z.object({
  name: z.string(),
  link: z.string(),
  durationInMinutes: z.number(),
  timeZone: z.string(),
  isLastNameRequired: z.boolean(),
  isPhoneRequired: z.boolean(),
  isMessengerRequired: z.boolean(),
  organizer: z.object({ login: z.string(), firstName: z.string(), lastName: z.string() }),
})

export const HoldsData = z.array(
  z.object({ id: Id, date: Dmy, slot: z.string(), start: Instant, end: Instant, expiresAt: Instant }),
)

export const BookedData = z.object({
  bookingId: Id,
  meetingIds: z.array(Id).min(1),
  ics: z.string().startsWith('BEGIN:VCALENDAR'),
})

export const OneTimeHoldData = z.object({
  id: Id,
  companyEventId: Id,
  start: Instant,
  end: Instant,
  expiresAt: Instant,
})

export const CountData = z.object({ count: z.number().int().min(0) })
export const UpdatedData = z.object({ updated: z.number().int().min(0) })

export const WebhookEndpointsData = z.array(
  z.object({ id: Id, url: z.string(), events: z.array(z.string()), createdAt: Instant }),
)
export const WebhookCreatedData = z.object({ id: Id, secret: z.string().startsWith('whsec_') })
export const WebhookDeliveriesData = z.array(
  z.object({
    id: Id,
    messageId: z.string(),
    type: z.string(),
    createdAt: Instant,
    status: z.enum(['pending', 'delivered', 'failed']),
  }),
)

export const PatsData = z.array(
  z.object({
    id: Id,
    name: z.string(),
    scope: z.enum(['read', 'write']),
    createdAt: Instant,
    lastUsedAt: Instant.nullable(),
  }),
)
export const PatCreatedData = z.object({ id: Id, token: z.string().startsWith('fs_pat_') })

export const IntegrationsData = z.object({
  calendars: z.array(
    z.object({
      id: Id,
      type: z.enum(['Yandex', 'Google', 'Apple', 'Outlook', 'CalDav']),
      isActive: z.boolean(),
      syncStatus: z.string(),
      calendars: z.array(z.object({ id: z.string(), name: z.string(), isBusySource: z.boolean() })),
    }),
  ),
  calendarForCreateEvent: z.object({ integrationId: Id, calendarId: z.string() }).nullable(),
})

export const WalletData = z.object({
  balance: z.number(),
  entries: z.array(z.object({ id: Id, amount: z.number(), reason: z.string(), createdAt: Instant })),
})

export const ItemsPageData = z.object({
  items: z.array(z.unknown()),
  pagination: z.object({ totalCount: z.number() }),
})

export const TariffsData = z.array(
  z.object({ name: z.enum(['Basic', 'Standard', 'Pro']), priceRub: z.number(), capabilities: z.array(z.string()) }),
)

export const ConferenceData = z.object({ id: z.string(), joinUrl: z.string() })

/** The answer every call gives: `data` on success; on an error `isOk: false` and one translated text per problem. */
export function envelopeOf(data: z.ZodType) {
  return z.object({
    isOk: z.literal(true),
    data,
    apiErrors: z.array(z.object({ text: z.string() })).length(0),
  })
}

export const ErrorEnvelope = z.object({
  isOk: z.literal(false),
  data: z.unknown().describe('null, except a 409 that names what is in the way'),
  apiErrors: z.array(z.object({ text: z.string().min(1) })).min(1),
})

export const MeetingListData = z.object({
  filter: z.string(),
  items: z.array(z.object({ userEventInfo: z.object({ id: Id, status: z.string(), date: Dmy }) })),
  pagination: z.object({ totalCount: z.number(), currentOffset: z.number() }),
})

export const SubscriptionData = z.object({
  tariff: z.enum(['Basic', 'Standard', 'Pro']),
  isTrial: z.boolean(),
  validUntil: Instant.nullable(),
  autoRenew: z.boolean(),
  trialUsed: z.boolean(),
  card: z.object({ mask: z.string() }).nullable(),
  nextPayment: z.object({ amountRub: z.number(), date: z.string() }).nullable(),
})

export const NotificationsData = z.object({
  items: z.array(z.object({ id: Id, isRead: z.boolean(), createdAt: Instant })),
  pagination: z.object({ totalCount: z.number(), currentOffset: z.number() }),
})

export const WritableCalendarsData = z.array(
  z.object({ integrationId: Id, calendarId: z.string(), name: z.string(), type: z.string() }),
)

export const VersionData = z.object({ changed: z.boolean(), version: z.number().int() })

export const ParticipantMeetingListData = MeetingListData.extend({ items: z.array(z.record(z.string(), z.unknown())) })
