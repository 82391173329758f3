/**
 * The domain events of a host's calendar (ARCHITECTURE.md "One write path", docs/decisions/0070-one-write-path.md):
 * what a command decided, as plain data. A pure `decide` returns them (or one `Refusal`); the server's one applier
 * (app/server/commands/apply.server.ts) turns them into one D1 batch with their rows, reminders, messages and
 * notices, and writes each of them to the host event log (`host_events`) in that same batch.
 *
 * Each event names the meeting it is about (`meetingId`, when it is about one), so the log can be read per meeting.
 */
import type { BookingContact, ContactInfo } from '../booking/contact-form.ts'
import type { VideoLinkService } from '../enums.ts'
import type { JoinCommand } from '../waitlist/waitlist.ts'

/** The columns a new meeting takes from its event type or one-time form (copied, so later edits rewrite nothing). */
export type MeetingDraft = {
  eventTypeId: string | null
  name: string
  description: string
  color: string
  placeType: 'Meet' | 'Online' | 'Phone'
  meetingPoint: string | null
  /** The meeting gets its own conference from this service, created after it is written (issue 15). */
  videoLinkService?: VideoLinkService | null
  whoCallType: 'MemberCallToOrganizer' | 'OrganizerCallToMember' | null
  participantType: 'SimpleNotCollective' | 'SimpleCollective' | 'GroupNotCollective' | 'GroupCollective'
  minSeats: number
  totalSeats: number
  timeZone: string
}

/** A person taking part: who they are, and the language and zone of what they are sent. */
export type Attendee = {
  participantId: string
  contactId: string
  contact: ContactInfo & Partial<Pick<BookingContact, 'tempCustomField'>>
  language: 'ru' | 'en'
  timeZone: string
}

/**
 * A person the client brought along (SPEC §2 "add participants", ADR 0105): in a group event a member taking a seat
 * of their own, with their own booking id; in a one-seat event a visitor of the client's booking (SPEC §3 "Visitor").
 * Either way their own row, email with the ICS, manage link and reminders; no contact of the host.
 */
export type Companion = {
  participantId: string
  email: string
  role: 'member' | 'visitor'
  bookingId: string
}

/** A client booked one slot of an event type (a booking of several slots is one event per slot, one `bookingId`). */
export type BookingConfirmed = {
  type: 'BookingConfirmed'
  bookingId: string
  meetingId: string
  /** The slot's meeting did not exist yet (a group slot's later seats join the existing meeting). */
  newMeeting: MeetingDraft | null
  start: number
  end: number
  attendee: Attendee
  /** The people the client brought (none in bookings logged before ADR 0105). */
  companions?: Companion[]
  /** The contact is new to this host (else the existing one is refreshed). */
  newContact: boolean
  /** `<key>#<fingerprint>` (app/server/booking/book.server.ts `storedKey`), or null without an Idempotency-Key. */
  idempotencyKey: string | null
  /** The event type's reminder offsets (minutes). */
  remindersInMinutes: number[]
}

/** A guest took a free seat of a one-time meeting through its share link. */
export type OneTimeSeatBooked = {
  type: 'OneTimeSeatBooked'
  meetingId: string
  attendee: Attendee
  newContact: boolean
  remindersInMinutes: number[]
}

/** An invited person confirmed their invitation to a one-time meeting (with the details the form asked for). */
export type InvitationConfirmed = {
  type: 'InvitationConfirmed'
  meetingId: string
  participantId: string
  email: string
  details: {
    firstName: string
    lastName: string
    phone: string | null
    messengerType: ContactInfo['messengerType']
    messengerValue: string | null
    comment: string | null
  }
}

/** A one-time meeting was created at one time, with its invitees (a meeting of several dates is one event per date). */
export type OneTimeCreated = {
  type: 'OneTimeCreated'
  meetingId: string
  meeting: MeetingDraft & { adjutantEmails: string[] }
  start: number
  end: number
  invitees: Attendee[]
  /** Contacts typed in the form (new ones created, known ones refreshed; once per contact over all dates). */
  contactUpserts: {
    contactId: string
    contact: { firstName: string; lastName: string; email: string; phone: string | null }
  }[]
  /** Existing contacts chosen from the list (their "last booking" becomes now). */
  chosenContactIds: string[]
  settings: {
    isLastNameRequired: boolean
    isPhoneRequired: boolean
    isMessengerRequired: boolean
    isOptionalInputsHidden: boolean
    whenClosesValue: number
    whenClosesType: 'Minutes' | 'Hours' | 'Days'
    remindersInMinutes: number[]
    timeBeforeMinutes: number | null
    timeAfterMinutes: number | null
  }
}

/**
 * The whole meeting was cancelled (its live participants with it). `reason`: the words of a participant who cancelled
 * their own booking (its last member), when they gave any.
 */
export type MeetingCanceled = {
  type: 'MeetingCanceled'
  meetingId: string
  participantIds: string[]
  reason?: string | null
}

/** Some participants of a meeting were cancelled (with the visitors they brought); the meeting goes on. */
export type ParticipantCanceled = {
  type: 'ParticipantCanceled'
  meetingId: string
  participantIds: string[]
  reason?: string | null
}

/** The meeting got a new time. */
export type MeetingMoved = {
  type: 'MeetingMoved'
  meetingId: string
  previousStart: number
  start: number
  end: number
}

/** Participants (with their visitors) moved from their meetings into another one. */
export type ParticipantsMoved = {
  type: 'ParticipantsMoved'
  meetingId: string
  fromMeetingIds: string[]
  participantIds: string[]
  totalSeats: number
}

/** The target of a move got more seats than it had (SPEC §4: seats are added automatically). */
export type SeatsAdded = { type: 'SeatsAdded'; meetingId: string; totalSeats: number; previousTotalSeats: number }

/** A completed meeting was marked held or not held. */
export type MeetingHeld = { type: 'MeetingHeld'; meetingId: string; isFailed: boolean }

/** The meeting's adjutants changed. */
export type AdjutantsChanged = {
  type: 'AdjutantsChanged'
  meetingId: string
  added: string[]
  removed: string[]
  /** The adjutants as they now are, in the order given (none in events logged before ADR 0124). */
  adjutantEmails: string[]
}

/** Visitors were added to a participant's booking. */
export type VisitorsAdded = {
  type: 'VisitorsAdded'
  meetingId: string
  bookingId: string
  participantIds: string[]
  /** Each new visitor's email, in the order of `participantIds` (none in events logged before ADR 0124). */
  emails: string[]
}

/** A client joined the waitlist of a full group slot (docs/decisions/0108-waitlist.md). */
export type WaitlistJoined = {
  type: 'WaitlistJoined'
  entryId: string
  /** The full slot's meeting. */
  meetingId: string
} & Omit<JoinCommand, 'ownerId'>

/** A freed seat was offered to the next in line, kept for them by a ghost hold until `expiresAt`. */
export type WaitlistOffered = { type: 'WaitlistOffered'; entryId: string; holdId: string; expiresAt: number }

/** An offer lapsed unanswered (its hold lapsed with it). */
export type WaitlistOfferExpired = { type: 'WaitlistOfferExpired'; entryId: string; holdId: string | null }

/** The slot began while the entry was still waiting. */
export type WaitlistClosed = { type: 'WaitlistClosed'; entryId: string }

/** The client left the line (their link), or the organizer removed them. */
export type WaitlistLeft = { type: 'WaitlistLeft'; entryId: string; holdId: string | null; by: 'guest' | 'organizer' }

/** The offered client booked the seat (the same batch as its BookingConfirmed). */
export type WaitlistBooked = { type: 'WaitlistBooked'; entryId: string; bookingId: string }

/** The events of the meeting commands (cancel, visitors, move, held, adjutants, reschedule). */
export type MeetingEvent =
  | MeetingCanceled
  | ParticipantCanceled
  | MeetingMoved
  | ParticipantsMoved
  | SeatsAdded
  | MeetingHeld
  | AdjutantsChanged
  | VisitorsAdded

/** The events of a full group slot's waitlist. */
export type WaitlistEvent =
  | WaitlistJoined
  | WaitlistOffered
  | WaitlistOfferExpired
  | WaitlistClosed
  | WaitlistLeft
  | WaitlistBooked

export type HostEvent =
  | BookingConfirmed
  | OneTimeSeatBooked
  | InvitationConfirmed
  | OneTimeCreated
  | MeetingEvent
  | WaitlistEvent

export type HostEventType = HostEvent['type']

/** What the host event log stores of an event: the meeting it is about and the event itself. */
export function logEntry(event: HostEvent): { type: HostEventType; meetingId: string | null; payload: HostEvent } {
  return { type: event.type, meetingId: 'meetingId' in event ? event.meetingId : null, payload: event }
}
