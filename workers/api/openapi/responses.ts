import { z } from 'zod'
import {
  CALENDAR_TYPES,
  MESSENGER_TYPES,
  PARTICIPANT_ROLES,
  PARTICIPANT_TYPES,
  PLACE_TYPES,
  REMINDER_STATUSES,
  PLAN_NAMES,
  TIME_UNITS,
  WHO_CALL_TYPES,
} from '#app/domain/enums.ts'
import { VIDEO_SERVICES } from '#app/domain/meetings/meeting-link.ts'
import { DISPLAY_STATUSES, LIST_STATUSES } from '#app/domain/meetings/rules.ts'
import { ADVERTISING_CARDS } from '#app/domain/advertising.ts'
import { CAPABILITIES } from '#app/domain/plans.ts'
import { STATISTIC_ITEMS } from '#app/server/meetings/statistics.server.ts'

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

export const PlansData = z.array(
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

const TimeSlot = z.string().describe("`HH:mm - HH:mm` in the viewer's zone")
const PlaceIcon = z.enum([...VIDEO_SERVICES, 'link', 'phone', 'place'])
const EmailItem = z.object({ id: Id, email: z.string() })

/** The organizer's view of one meeting (app/server/meetings/meetings.server.ts `organizerView`). */
export const OrganizerMeetingData = z.object({
  userEventInfo: z.object({
    id: Id,
    status: z.enum(DISPLAY_STATUSES),
    isFaild: z.boolean().nullable(),
    date: Dmy,
    timeSlot: TimeSlot,
    start: Instant,
    end: Instant,
    durationInMinutes: z.number().int(),
    participantType: z.enum(PARTICIPANT_TYPES),
    minSeats: z.number().int(),
    totalSeats: z.number().int(),
    adjutants: z.array(z.object({ email: z.string() })),
    isOneTime: z.boolean(),
    participantCount: z.number().int(),
    isBelowMinSeats: z.boolean(),
  }),
  eventTypeInfo: z.object({
    eventTypeId: Id.nullable(),
    eventTypeName: z.string(),
    color: z.string(),
    eventTypePlaceType: z.enum(PLACE_TYPES),
    meetingPoint: z.string().nullable(),
    placeIcon: PlaceIcon,
    description: z.string(),
  }),
  contactInfos: z.array(
    z.object({
      id: Id,
      contactId: Id.nullable(),
      firstName: z.string(),
      lastName: z.string(),
      imageUrl: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string(),
      messengerType: z.enum(MESSENGER_TYPES).nullable(),
      messengerValue: z.string().nullable(),
      comment: z.string().nullable(),
      tempCustomField: z.string().nullable(),
      isCanceled: z.boolean(),
      visitors: z.array(EmailItem),
      companions: z.array(EmailItem),
    }),
  ),
  conflicts: z.array(
    z.object({
      name: z.string(),
      calendar: z.string(),
      calendarType: z.enum(CALENDAR_TYPES),
      calendarName: z.string(),
      time: z.object({ start: z.string(), end: z.string() }),
    }),
  ),
})

const MeetingPagination = z.object({ totalCount: z.number(), currentOffset: z.number(), limit: z.number() })

export const MeetingListData = z.object({
  filter: z.enum(LIST_STATUSES),
  held: z.boolean(),
  items: z.array(OrganizerMeetingData),
  pagination: MeetingPagination,
})

/** The participant's view of one meeting (`participantView`), keyed by their participant row id. */
export const ParticipantMeetingData = z.object({
  id: Id,
  meetingId: Id,
  status: z.enum(DISPLAY_STATUSES),
  start: Instant,
  end: Instant,
  meetingInfo: z.object({
    date: Dmy,
    timeSlot: TimeSlot,
    durationInMinutes: z.number().int(),
    participantType: z.enum(PARTICIPANT_TYPES),
    eventTypeName: z.string(),
    eventTypePlaceType: z.enum(PLACE_TYPES),
    meetingPoint: z.string().nullable(),
    placeIcon: PlaceIcon,
    description: z.string(),
    color: z.string(),
  }),
  organizerInfo: z.object({
    firstName: z.string(),
    lastName: z.string(),
    imageUrl: z.string().nullable(),
    email: z.string(),
  }),
  memberInfo: z.object({
    imageUrl: z.string().nullable(),
    role: z.enum(PARTICIPANT_ROLES),
    visitors: z.array(EmailItem),
  }),
})

export const ParticipantMeetingListData = z.object({
  filter: z.enum(LIST_STATUSES),
  items: z.array(ParticipantMeetingData),
  pagination: MeetingPagination,
})

/** `GET /userEvents/shortActualList`: the organizer's live upcoming meetings in short. */
export const ShortMeetingsData = z.array(
  z.object({
    id: Id,
    name: z.string(),
    color: z.string(),
    date: Dmy,
    timeSlot: TimeSlot,
    start: Instant,
    end: Instant,
    participantType: z.enum(PARTICIPANT_TYPES),
    totalSeats: z.number().int(),
    bookedSeats: z.number().int(),
    isOneTime: z.boolean(),
  }),
)

export const VisitorsData = z.array(EmailItem)
export const VisitorData = EmailItem

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

/** A cancellation of the whole meeting or of some of its people (`applyCancel`). */
export const CanceledData = z.object({ meetingCanceled: z.boolean(), canceledParticipantIds: z.array(Id) })
export const AdjutantsData = z.object({ adjutantEmails: z.array(z.string()) })
export const HeldData = z.object({ isFailed: z.boolean() })
export const MovedTimeData = z.object({ start: Instant, end: Instant })
export const MovedParticipantsData = z.object({
  movedParticipantIds: z.array(Id),
  totalSeats: z.number().int(),
  seatsAdded: z.boolean(),
})
export const MoveSlotsData = z.array(z.object({ start: Instant, end: Instant, date: z.string(), from: Hm, to: Hm }))
/** `PATCH /userEvents/{id}`: the answer of the one action asked for. */
export const OrganizerActionData = z.union([CanceledData, AdjutantsData, HeldData, MovedTimeData])
/** `PATCH /meetings/{id}`: cancel (own place), visitors added, or the new time. */
export const ParticipantActionData = z.union([CanceledData, VisitorsData, MovedTimeData])

/** `GET /contacts`: one page of the specialist's contacts (app/server/contacts/contacts.server.ts `ContactRow`). */
export const ContactsPageData = z.object({
  items: z.array(
    z.object({
      id: Id,
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      messengerType: z.enum(MESSENGER_TYPES).nullable(),
      messengerValue: z.string().nullable(),
      customField: z.string().nullable(),
      eventTypeId: Id.nullable(),
      eventTypeName: z.string().nullable(),
      lastBookingAt: z.number().int().nullable().describe('epoch milliseconds of the last meeting'),
      communicationMethod: z.enum(['messenger', 'phone', 'email']),
      isArchived: z.boolean(),
    }),
  ),
  pagination: z.object({ totalCount: z.number().int(), currentOffset: z.number().int() }),
})
export const ContactEventTypesData = z.array(z.object({ id: Id, name: z.string(), color: z.string() }))
/** A message or invitation to contacts: a translated summary and who got it. */
export const ContactsSentData = z.object({
  title: z.string(),
  message: z.string(),
  ids_ok: z.array(Id),
  ids_error: z.array(Id),
})

export const IntegrationStatisticsData = z.array(
  z.object({
    id: z.enum(['Google', 'Yandex', 'Apple', 'Outlook', 'CalDav', 'Telegram']),
    label: z.string(),
    isConnect: z.boolean(),
  }),
)
/** `GET /statistic`: the home page's greeting, counters (with the plan's limits) and integrations. */
export const HomeStatisticsData = z.object({
  user: z.object({
    imageUrl: z.string().nullable(),
    firstName: z.string(),
    registrationDate: Dmy,
    tariffName: z.enum(PLAN_NAMES),
    dateStop: Dmy.nullable(),
    meetingsForTodayCount: z.number().int(),
  }),
  total: z.array(
    z.object({
      statisticItem: z.enum(STATISTIC_ITEMS),
      label: z.string(),
      value: z.number().int(),
      valueColor: z.string(),
      valueMeasure: z.null(),
      maxValue: z.number().int().nullable(),
      onClickActionName: z.literal('navigate'),
      onClickActionValue: z.string(),
    }),
  ),
  integrations: IntegrationStatisticsData,
})

/** Yandex's calendars for a login and password, before connecting. */
export const RemoteCalendarsData = z.array(z.object({ id: z.string(), name: z.string(), color: z.string().nullable() }))

export const TelegramLinkData = z.object({ link: z.string().startsWith('https://t.me/'), expiresAt: Instant })
export const TelegramUserInfoData = z.object({
  isEnabled: z.boolean(),
  chatUsername: z.string().nullable(),
  connectedAt: Instant.nullable(),
})

const Channel = z.enum(['email', 'telegram', 'push'])
const ReminderProblem = z.object({
  code: z.string().describe('translated by the reader as `notify:problems.<code>`'),
  channel: Channel.optional(),
  detail: z.string().optional(),
})
/** `GET /meetings/{id}/reminders` (app/server/notify/statuses.server.ts `ReminderStatusView`). */
export const ReminderStatusesData = z.array(
  z.object({
    id: Id,
    recipientKind: z.enum(['client', 'organizer']),
    recipientName: z.string().nullable(),
    offsetMinutes: z.number().int(),
    dueAt: Instant,
    status: z.enum(REMINDER_STATUSES),
    attempts: z.number().int(),
    problems: z.array(ReminderProblem),
    sentAt: Instant.nullable(),
    deliveries: z.array(
      z.object({
        channel: Channel,
        status: z.enum(['pending', 'sent', 'failed']),
        attempts: z.number().int(),
        problem: ReminderProblem.nullable(),
        nextAttemptAt: Instant.nullable(),
      }),
    ),
  }),
)

/** What a proposed time overlaps (app/domain/refusal.ts `TimeConflict`), and whether it overlaps at all. */
export const CrossData = z.object({
  isCross: z.boolean(),
  overlaps: z.array(z.object({ id: Id, name: z.string(), start: Instant, end: Instant })),
  busyEmails: z.array(z.string()),
})
export const CreditedData = z.object({ credited: z.number() })

/** A one-time meeting made: its id (the first of `ids` when several times were given) and its share links. */
export const OneTimeCreatedData = z.object({ id: Id, ids: z.array(Id).min(1), links: z.array(z.string()) })
export const OneTimeShareData = z.object({
  id: Id,
  link: z.string(),
  name: z.string(),
  participants: z.array(
    z.object({
      id: Id,
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      isInvited: z.boolean(),
      isConfirmed: z.boolean(),
      isCanceled: z.boolean(),
    }),
  ),
})
/** `GET /companyEvent/{id}/info`: the one-time meeting as its guests see it (app/server/one-time/public.server.ts). */
export const OneTimePublicData = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  color: z.string(),
  eventTypePlaceType: z.enum(PLACE_TYPES),
  meetingPoint: z.string().nullable(),
  placeIcon: PlaceIcon,
  whoCallType: z.enum(WHO_CALL_TYPES).nullable(),
  date: Dmy,
  timeSlot: TimeSlot,
  timeZone: z.string(),
  start: Instant,
  end: Instant,
  durationInMinutes: z.number().int(),
  participantType: z.enum(PARTICIPANT_TYPES),
  totalSeats: z.number().int(),
  state: z.enum(['open', 'closed', 'canceled', 'completed']),
  seatsLeft: z.number().int().min(0),
  bookingPaused: z.boolean(),
  organizerInfo: z.object({ firstName: z.string(), lastName: z.string(), imageUrl: z.string().nullable() }),
  isLastNameRequired: z.boolean(),
  isPhoneRequired: z.boolean(),
  isMessengerRequired: z.boolean(),
  isOptionalInputsHidden: z.boolean(),
  invitee: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      messengerType: z.enum(MESSENGER_TYPES).nullable(),
      messengerValue: z.string().nullable(),
      isCanceled: z.boolean(),
      isConfirmed: z.boolean(),
    })
    .nullable(),
})
/** A seat booked (201) or an invitation confirmed (200): the participant and their ICS. */
export const SeatBookedData = z.object({
  participantId: Id,
  confirmed: z.boolean(),
  ics: z.string().startsWith('BEGIN:VCALENDAR'),
})

const Capabilities = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(CAPABILITIES.map((c) => [c, value])))
/** `GET /eventTypes/getEventTypeTariffOptions`: the plan's limits (null: none), what it allows, and from which plan. */
export const PlanOptionsData = z.object({
  tariff: z.enum(PLAN_NAMES),
  limits: z.object({ eventTypes: z.number().int().nullable(), schedules: z.number().int().nullable() }),
  capabilities: Capabilities(z.boolean()),
  availableFrom: Capabilities(z.enum(PLAN_NAMES)),
})
export const EventTypeShareData = z.object({
  publicUrl: z.string(),
  mailto: z.string().startsWith('mailto:'),
  widget: z.object({ standard: z.string(), compact: z.string() }).nullable().describe('null below Standard'),
  isWidgetAllowed: z.boolean(),
})
/** An event type's settings a one-time meeting starts from. */
export const EventTypeTemplateData = z.object({
  name: z.string(),
  description: z.string(),
  type: z.enum(PLACE_TYPES),
  meetingPoint: z.string().nullable(),
  whoCallType: z.enum(WHO_CALL_TYPES).nullable(),
  color: z.string(),
  remindersInMinutes: z.array(z.number().int()),
  isLastNameRequired: z.boolean(),
  isMessengerRequired: z.boolean(),
  isPhoneRequired: z.boolean(),
  isOptionalInputsHidden: z.boolean(),
  whenClosesValue: z.number().int(),
  whenClosesType: z.enum(TIME_UNITS),
  getTimeBeforeValue: z.number().int().nullable(),
  getTimeAfterValue: z.number().int().nullable(),
})

/** `GET /eventAdvertising`: the plan's offers the person has not closed, in their language. */
export const AdvertisingData = z.array(
  z.object({
    id: z.enum(ADVERTISING_CARDS),
    title: z.string(),
    text: z.string(),
    actionText: z.string(),
    link: z.string(),
  }),
)
