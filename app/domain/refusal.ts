/**
 * One refusal for the whole app (ARCHITECTURE.md "One write path"): a use case or a domain `decide` that will not do
 * what was asked answers one `Refusal`. Its code decides the HTTP status and the translation key, from the one
 * table below, so the same refusal is the same status and the same text on a page (field error, form error, toast,
 * plan modal) and in the JSON API (`apiErrors` of the envelope).
 *
 * Plain data: it crosses the Durable Object's RPC boundary as it is. Server code that cannot return it throws
 * `Refused` (app/server/refusal.server.ts renders either for pages and the API).
 */

export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429

/**
 * Every refusal the app can give: its status and its translation key (namespace:key). Add a code here, never a
 * status or a text at the place that refuses.
 */
export const REFUSALS = {
  // Generic
  notFound: { status: 404, key: 'api:notFound' },
  planLimit: { status: 403, key: 'api:planLimit' },
  unauthorized: { status: 401, key: 'api:unauthorized' },
  /** `params.seconds`: how long to wait (the API's `Retry-After`). */
  tooManyRequests: { status: 429, key: 'api:tooManyRequests' },
  // Accounts
  loginTaken: { status: 400, key: 'accounts:login.taken' },
  emailTaken: { status: 400, key: 'accounts:email.taken' },
  codeIncorrect: { status: 400, key: 'accounts:code.incorrect' },
  codeExpired: { status: 400, key: 'accounts:code.expired' },
  codeTooManyAttempts: { status: 400, key: 'accounts:code.tooManyAttempts' },
  /** `params.seconds`: until a new code may be sent (also the API's `Retry-After`). */
  codeResendWait: { status: 429, key: 'accounts:code.resendWait' },
  emailConfirmOutdated: { status: 400, key: 'accounts:emailConfirm.outdated' },
  signinInvalid: { status: 400, key: 'accounts:signin.invalid' },
  signinUnconfirmed: { status: 403, key: 'accounts:signin.unconfirmed' },
  restoreInvalidToken: { status: 400, key: 'accounts:restore.invalidToken' },
  passwordWrongOld: { status: 400, key: 'accounts:password.wrongOld' },
  avatarRequired: { status: 400, key: 'accounts:avatar.required' },
  avatarTooLarge: { status: 400, key: 'accounts:avatar.tooLarge' },
  avatarFormat: { status: 400, key: 'accounts:avatar.format' },
  oauthFailed: { status: 400, key: 'accounts:oauth.failed' },
  oauthState: { status: 400, key: 'accounts:oauth.state' },
  oauthUnverifiedEmail: { status: 400, key: 'accounts:oauth.unverifiedEmail' },
  oauthNotLinked: { status: 404, key: 'accounts:oauth.notLinked' },
  oauthLastWayIn: { status: 400, key: 'accounts:oauth.lastWayIn' },
  apiSigninInvalid: { status: 400, key: 'accounts:apiSignin.invalid' },
  apiSigninRedirectUrl: { status: 400, key: 'accounts:apiSignin.redirectUrl' },
  apiSigninChallenge: { status: 400, key: 'accounts:apiSignin.challenge' },
  // Event types and schedules
  eventTypeNotFound: { status: 404, key: 'eventTypes:errors.notFound' },
  eventTypeScheduleNotFound: { status: 400, key: 'eventTypes:errors.scheduleNotFound' },
  eventTypeNameTaken: { status: 400, key: 'eventTypes:errors.nameTaken' },
  /** Issue 15: a Telemost link for each meeting, or one now, needs a connected (not refused) Telemost grant. */
  telemostNotConnected: { status: 400, key: 'eventTypes:telemost.notConnected' },
  eventTypeLinkTaken: { status: 400, key: 'eventTypes:errors.linkTaken' },
  scheduleNotFound: { status: 404, key: 'schedules:errors.notFound' },
  scheduleDeleteDefault: { status: 400, key: 'schedules:errors.deleteDefault' },
  /** `params.count`: the event types using the schedule. */
  scheduleInUse: { status: 400, key: 'schedules:errors.inUse' },
  // Contacts
  contactEmailTaken: { status: 400, key: 'contacts:errors.emailTaken' },
  // Public booking and holds
  bookingNotFound: { status: 400, key: 'booking:errors.bookingNotFound' },
  eventNotFound: { status: 404, key: 'booking:errors.eventNotFound' },
  slotTaken: { status: 409, key: 'booking:errors.slotTaken' },
  tooManyHolds: { status: 429, key: 'booking:errors.tooManyHolds' },
  holdNotFound: { status: 409, key: 'booking:errors.holdNotFound' },
  alreadyBooked: { status: 409, key: 'booking:errors.alreadyBooked' },
  /**
   * A group event's slot has fewer free seats than the client and their companions (ADR 0105); field
   * `contactInfo.emails`, `params.seatsLeft` and `params.party`.
   */
  partyTooLarge: { status: 409, key: 'booking:errors.partyTooLarge' },
  /** A companion is booked in that meeting already (ADR 0105); field `contactInfo.emails`, `params.email`. */
  companionAlreadyBooked: { status: 409, key: 'booking:errors.companionAlreadyBooked' },
  idempotencyReused: { status: 422, key: 'booking:errors.idempotencyReused' },
  /**
   * The host's plan in force pauses this booking (a group or collective type, the widget or a one-time link after a
   * downgrade; app/domain/plans.ts `bookingPause`). 403: the thing exists, the host's plan does not allow it now.
   * `params.capability`: what is missing.
   */
  bookingPaused: { status: 403, key: 'booking:errors.bookingPaused' },
  // Host commands (workers/durable/host-lock.ts `run`): one-time meetings and meeting commands
  oneTimeNotFound: { status: 404, key: 'oneTime:errors.notFound' },
  oneTimeClosed: { status: 400, key: 'oneTime:errors.closed' },
  oneTimeAlreadyBooked: { status: 409, key: 'oneTime:errors.alreadyBooked' },
  noSeats: { status: 409, key: 'oneTime:errors.noSeats' },
  invitationCanceled: { status: 400, key: 'oneTime:errors.invitationCanceled' },
  contactNoEmail: { status: 400, key: 'oneTime:errors.contactNoEmail' },
  tooManyInvitees: { status: 400, key: 'oneTime:errors.tooManyInvitees' },
  timeOverlap: { status: 409, key: 'oneTime:errors.overlap' },
  inviteesBusy: { status: 409, key: 'oneTime:errors.busyInvitees' },
  dateNotInPast: { status: 400, key: 'oneTime:errors.notInPast' },
  datesOverlap: { status: 400, key: 'oneTime:errors.datesOverlap' },
  oneTimeTooLong: { status: 400, key: 'oneTime:errors.tooLong' },
  invalidDate: { status: 400, key: 'validation:invalidDate' },
  endAfterStart: { status: 400, key: 'validation:endAfterStart' },
  required: { status: 400, key: 'validation:required' },
  /** `params.count`: the most characters the field takes (SPEC §9 "Text 200/1500"). */
  textTooLong: { status: 400, key: 'validation:maxChars' },
  meetingCanceled: { status: 400, key: 'meetings:errors.canceled' },
  meetingNotUpcoming: { status: 400, key: 'meetings:errors.notUpcoming' },
  meetingNotCompleted: { status: 400, key: 'meetings:errors.notCompleted' },
  alreadyInvited: { status: 400, key: 'meetings:errors.alreadyInvited' },
  sameMeeting: { status: 400, key: 'meetings:errors.sameMeeting' },
  noticeTooShort: { status: 400, key: 'meetings:errors.noticeTooShort' },
  groupMove: { status: 400, key: 'meetings:errors.groupMove' },
  oneTimeMove: { status: 400, key: 'meetings:errors.oneTimeMove' },
  moveNotInFuture: { status: 400, key: 'meetings:errors.notInFuture' },
  meetingTooLong: { status: 400, key: 'meetings:errors.tooLong' },
  // Calendar integrations (SPEC §8 "calendar not added", "could not update calendar")
  calendarNotFound: { status: 404, key: 'calendars:errors.notFound' },
  calendarCredentialsRefused: { status: 400, key: 'calendars:errors.credentialsRefused' },
  calendarUnavailable: { status: 400, key: 'calendars:errors.unavailable' },
  calendarUrlRefused: { status: 400, key: 'calendars:errors.urlRefused' },
  calendarNoCalendars: { status: 400, key: 'calendars:errors.noCalendars' },
  calendarNotWritable: { status: 400, key: 'calendars:errors.notWritable' },
  meetingSlotTaken: { status: 409, key: 'meetings:errors.slotTaken' },
  // Plans and payments (docs/decisions/0095-plans-and-payments.md)
  trialUnavailable: { status: 400, key: 'billing:errors.trialUnavailable' },
  planNotPurchasable: { status: 400, key: 'billing:errors.planNotPurchasable' },
  paymentMonths: { status: 400, key: 'billing:errors.months' },
  returnUrlRefused: { status: 400, key: 'billing:errors.returnUrl' },
  promoUnknown: { status: 400, key: 'billing:errors.promo.unknown' },
  promoNotYetValid: { status: 400, key: 'billing:errors.promo.notYetValid' },
  promoExpired: { status: 400, key: 'billing:errors.promo.expired' },
  promoExhausted: { status: 400, key: 'billing:errors.promo.exhausted' },
  promoAlreadyUsed: { status: 400, key: 'billing:errors.promo.alreadyUsed' },
  promoNotFasties: { status: 400, key: 'billing:errors.promo.notFasties' },
  noSavedCard: { status: 400, key: 'billing:errors.noSavedCard' },
  fastiesChanged: { status: 409, key: 'billing:errors.fastiesChanged' },
  // Like calendarUnavailable: the request was fine, the outside service was not; nothing was charged.
  paymentUnavailable: { status: 400, key: 'billing:errors.providerUnavailable' },
  // Waitlist of a full group slot (docs/decisions/0108-waitlist.md)
  waitlistNotFull: { status: 409, key: 'waitlist:errors.notFull' },
  waitlistAlreadyJoined: { status: 409, key: 'waitlist:errors.alreadyJoined' },
  waitlistLineFull: { status: 409, key: 'waitlist:errors.lineFull' },
  waitlistNotFound: { status: 404, key: 'waitlist:errors.notFound' },
  waitlistOfferExpired: { status: 409, key: 'waitlist:errors.offerExpired' },
  waitlistNotOffered: { status: 409, key: 'waitlist:errors.notOffered' },
} as const satisfies Record<string, { status: RefusalStatus; key: string }>

export type RefusalCode = keyof typeof REFUSALS

export type RefusalParams = Record<string, string | number>

/** One refusal: what was refused, the form field it concerns (dotted path) if any, and the text's parameters. */
export type Refusal = {
  code: RefusalCode
  field?: string
  params?: RefusalParams
  /** Further problems of the same request (several fields of one form); each is rendered like the first. */
  more?: Omit<Refusal, 'more'>[]
  /**
   * What a refused time found in its way, for the "Book anyway?" / "Move anyway?" question (SPEC §4): the overlapping
   * meetings and the busy invitees. Only on `timeOverlap` and `inviteesBusy`.
   */
  conflict?: TimeConflict
}

/** Meetings (or holds) overlapping a time, and invitees busy then. */
export type TimeConflict = {
  overlaps: { id: string; name: string; start: string; end: string }[]
  busyEmails: string[]
}

export function refusal(code: RefusalCode, field?: string, params?: RefusalParams): Refusal {
  return { code, ...(field === undefined ? {} : { field }), ...(params === undefined ? {} : { params }) }
}

export function refusalStatus(refusal: Pick<Refusal, 'code'>): RefusalStatus {
  return REFUSALS[refusal.code].status
}

export function refusalKey(refusal: Pick<Refusal, 'code'>): string {
  return REFUSALS[refusal.code].key
}

/** One refusal of several problems (several fields of one form), the first one first; none for no problems. */
export function refusalFrom(problems: readonly Omit<Refusal, 'more'>[]): Refusal | null {
  const [first, ...more] = problems
  if (!first) return null
  return more.length > 0 ? { ...first, more } : first
}

/** Every problem of a refusal, the first one first. */
export function refusalProblems(refusal: Refusal): Omit<Refusal, 'more'>[] {
  const { more, ...first } = refusal
  return [first, ...(more ?? [])]
}

/** The outcome of every command (HostLock.run) and of use cases that refuse by value. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal }

export function isRefusalCode(code: string): code is RefusalCode {
  return Object.hasOwn(REFUSALS, code)
}
