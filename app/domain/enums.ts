/**
 * The value lists of the product's enumerations, in one place: the domain, the forms and the API read them here, and
 * the Drizzle schema (db/schema-*.ts) imports them for its `text(..., { enum })` columns. Pure constants: no import.
 */

/**
 * SPEC §4: the plans' names. The code says "plan" everywhere; "tariff" stays only where it is public or stored: the
 * URLs, the JSON API's paths and fields, the D1 columns (docs/decisions/0128-one-name-plan.md).
 */
export const PLAN_NAMES = ['Basic', 'Standard', 'Pro'] as const
export type PlanName = (typeof PLAN_NAMES)[number]

/** Interface and message languages (a user's `culture`, a participant's `language`). */
export const LANGUAGES = ['ru', 'en'] as const

export const PLACE_TYPES = ['Meet', 'Online', 'Phone'] as const
/** Video services that can create a meeting's own link (issue 15): an online event type's "a link for each meeting". */
export const VIDEO_LINK_SERVICES = ['telemost'] as const
export type VideoLinkService = (typeof VIDEO_LINK_SERVICES)[number]
export const WHO_CALL_TYPES = ['MemberCallToOrganizer', 'OrganizerCallToMember'] as const
export const PARTICIPANT_TYPES = [
  'SimpleNotCollective',
  'SimpleCollective',
  'GroupNotCollective',
  'GroupCollective',
] as const
export const TIME_UNITS = ['Minutes', 'Hours', 'Days'] as const
export const CURRENCIES = ['RUB', 'USD', 'EUR'] as const
export const RECORD_IS_OPEN_TYPES = ['Period', 'NoRestrictions'] as const

export const MEETING_STATUSES = ['upcoming', 'canceled'] as const
export const PARTICIPANT_STATUSES = ['booked', 'canceled'] as const
export const PARTICIPANT_ROLES = ['member', 'visitor', 'adjutant'] as const

export const MESSENGER_TYPES = ['WhatsApp', 'Telegram', 'Viber'] as const
export type MessengerType = (typeof MESSENGER_TYPES)[number]

/** Channels of the outbox and of reminder rows. */
export const OUTBOX_CHANNELS = ['email', 'telegram', 'push'] as const
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number]
/**
 * What an outbox row may carry: the message channels above, `calendar`, a meeting to write to the host's
 * calendar (issue 14: retried with backoff like a message, never on a booking's critical path), and `webhook`, one
 * signed POST to a specialist's webhook endpoint (issue 17).
 */
export const OUTBOX_ROW_CHANNELS = [...OUTBOX_CHANNELS, 'calendar', 'webhook', 'conference'] as const
export type OutboxRowChannel = (typeof OUTBOX_ROW_CHANNELS)[number]
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const

export const REMINDER_RECIPIENTS = ['client', 'organizer'] as const
export const REMINDER_STATUSES = ['scheduled', 'sent', 'failed', 'canceled'] as const
export type ReminderStatus = (typeof REMINDER_STATUSES)[number]

export const ACCOUNT_SECRET_KINDS = ['signupCode', 'emailLink', 'restore'] as const
export type AccountSecretKind = (typeof ACCOUNT_SECRET_KINDS)[number]

export const OAUTH_PROVIDERS = ['yandex', 'google', 'apple', 'microsoft'] as const
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number]

/**
 * How a one-time OAuth state ends: a web sign-in, an API client's sign-in, or a calendar consent (Google, Outlook:
 * the grant becomes a calendar integration of the owner who started it, never a sign-in).
 */
export const OAUTH_MODES = ['web', 'api', 'calendar', 'telemost'] as const
export type OAuthMode = (typeof OAUTH_MODES)[number]

export const NOTIFICATION_ACTIONS = ['navigate', 'openEventClient', 'openEventOrganizer', 'changePassword'] as const
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number]

/** Calendar integrations (SPEC §3 "Calendar integration" type; CalDav is any CalDAV server). */
export const CALENDAR_TYPES = ['Yandex', 'Google', 'Apple', 'Outlook', 'CalDav'] as const
export type CalendarType = (typeof CALENDAR_TYPES)[number]
/** SPEC §4: a calendar integration's sync status. */
export const CALENDAR_SYNC_STATUSES = ['fetching', 'success', 'fail'] as const

/** Plans and payments (issue 16, docs/decisions/0095-plans-and-payments.md). */
/** What a payment is for: binding a card for the trial, a plan bought on the plans page, an automatic renewal. */
export const PAYMENT_KINDS = ['cardBinding', 'purchase', 'renewal'] as const
/** Our view of a provider payment: waiting for the client or the provider, then one of two ends. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'canceled'] as const
/** Why the wallet of Fasties changed (an append-only ledger; the balance is the sum and never negative). */
export const WALLET_REASONS = ['promoCode', 'planPayment', 'refund', 'bonus'] as const
/** A promo code gives a percentage off a plan payment, or credits Fasties to the wallet. */
export const PROMO_KINDS = ['discountPercent', 'fasties'] as const
export type PromoKind = (typeof PROMO_KINDS)[number]

/** What a personal access token may do (issue 17): `read` only GET calls, `write` any. */
export const PAT_SCOPES = ['read', 'write'] as const

/**
 * A waitlist entry (docs/decisions/0108-waitlist.md): waiting in line; offered a freed seat (held for it until the
 * offer lapses); booked through the offer; expired (the offer lapsed, the next in line got the seat); left (by the
 * guest's link); removed (by the organizer); closed (the slot began with the entry still waiting).
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'left', 'removed', 'closed'] as const
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number]
