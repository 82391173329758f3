/**
 * Pieces the applier's parts share (app/server/commands/apply.server.ts): a new participant's columns and token, a
 * companion as a participant, a new meeting's row, and the reminder rows of the one planner.
 */
import type { Attendee, Companion, MeetingDraft } from '#app/domain/commands/events.ts'
import { reminderRowsFor } from '#app/domain/reminders/plan.ts'
import { reminders } from '#db/schema.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import type { ContactInfo } from '#app/domain/booking/contact-form.ts'
import { type Db, insertRows } from '../db.server.ts'
import { type AppEnv, sessionKeys } from '../env.server.ts'
import { participantLinkRow } from '../notify/links.server.ts'

import type { ApplyScope, Statement } from './apply.server.ts'

/** What one event (or group of events) adds to the batch, and what the caller answers with. */
export type Part = { statements: Statement[]; ics?: string; outboxIds?: string[] }

export function envOf(scope: ApplyScope): AppEnv {
  if (!scope.env) throw new Error('This event needs the environment (links, messages)')
  return scope.env
}

export function meetingRow(id: string, ownerId: string, draft: MeetingDraft, start: number, end: number, now: number) {
  return {
    id,
    ownerId,
    ...draft,
    startAt: start,
    endAt: end,
    createdAt: now,
    updatedAt: now,
  }
}

/** The reminder rows of the one planner, for the batch. */
export function reminderInserts(
  db: Db,
  meeting: { id: string; ownerId: string; startAt: number },
  participantIds: readonly string[],
  remindersInMinutes: readonly number[],
  now: number,
  withOrganizer: boolean,
): Statement[] {
  const rows = reminderRowsFor(
    meeting,
    participantIds.map((id) => ({ id })),
    { remindersInMinutes },
    now,
  ).filter((row) => withOrganizer || row.participantId !== null)
  return insertRows(
    db,
    reminders,
    rows.map((row) => ({ ...row, createdAt: now })),
  )
}

/** A participant row's contact columns, as the form gave them. */
export function contactColumns(c: ContactInfo) {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    messengerType: c.messengerType,
    messengerValue: c.messengerValue,
  }
}

/** A participant row's columns from the attendee the command decided: contact details, language, zone, manage link. */
export function attendeeColumns(attendee: Attendee, manageTokenHash: string) {
  const c = attendee.contact
  return {
    ...contactColumns(c),
    comment: c.comment,
    customField: c.tempCustomField ?? null,
    language: attendee.language,
    timeZone: attendee.timeZone,
    manageTokenHash,
  }
}

/** A companion's details: their email, and its local part as their name (like a visitor's, SPEC §3). */
export function companionContact(email: string): ContactInfo {
  const none = { phone: null, messengerType: null, messengerValue: null, comment: null }
  return { firstName: email.split('@')[0], lastName: '', email, ...none }
}

/** A companion as a participant: the client's language and zone. */
export function companionAttendee(companion: Companion, client: Attendee): Attendee {
  const { language, timeZone } = client
  return {
    participantId: companion.participantId,
    contactId: '',
    contact: companionContact(companion.email),
    language,
    timeZone,
  }
}

/** A new participant's self-service token: its hash on the row, the sealed token for later reminders. */
export async function participantToken(env: AppEnv, participantId: string) {
  const token = randomToken()
  return {
    token,
    hash: await sha256(token),
    link: await participantLinkRow(sessionKeys(env), participantId, token),
  }
}
