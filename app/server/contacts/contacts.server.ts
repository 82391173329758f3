/**
 * Contacts of one specialist (SPEC §2 Contacts, §7 Contacts): every query filters by the owner, so another
 * specialist's contact is unreachable (404).
 */
import type { TFunction } from 'i18next'
import { and, asc, count, desc, eq, exists, gte, inArray, lt, ne, notExists, or, sql } from 'drizzle-orm'
import { type ContactFilter, type NewContact, communicationMethod } from '#app/domain/contacts/rules.ts'
import { newId } from '#app/domain/ids.ts'
import { can } from '#app/domain/plans.ts'
import { addDays, startOfZonedDay } from '#app/domain/time/index.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { type Db, inJsonList, readInParts } from '#app/server/db.server.ts'
import { refuse } from '#app/server/refusal.server.ts'
import { isUniqueViolation } from '#app/server/unique-violation.server.ts'
import { searchFold } from '#app/domain/search.ts'
import { foldedContains } from '#app/server/search.server.ts'
import { composeEmail, hello } from '#app/server/meetings/mail.server.ts'
import { enqueueMessage } from '#app/server/outbox/outbox.server.ts'
import { contacts, eventTypes, meetingParticipants, meetings, type users } from '#db/schema.ts'

type Owner = Pick<
  typeof users.$inferSelect,
  'id' | 'plan' | 'timeZone' | 'firstName' | 'lastName' | 'login' | 'culture'
>

/**
 * The date of the contact's latest meeting (its start), the "last booking" the list shows and filters by (issue 18:
 * the meeting's date, not when it was booked); moves and cancels are read as they are now.
 */
const lastMeetingStart = sql<
  number | null
>`(select max(${meetings.startAt}) from ${meetingParticipants} inner join ${meetings} on ${meetings.id} = ${meetingParticipants.meetingId} where ${meetingParticipants.contactId} = ${contacts.id})`

/** A held meeting of the contact: booked participant of a past, not cancelled meeting not marked failed. */
function heldMeetingOf(db: Db, now: number) {
  return db
    .select({ one: sql`1` })
    .from(meetingParticipants)
    .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
    .where(
      and(
        eq(meetingParticipants.contactId, contacts.id),
        eq(meetingParticipants.status, 'booked'),
        eq(meetings.status, 'upcoming'),
        lt(meetings.endAt, now),
        or(sql`${meetings.isFailed} is null`, eq(meetings.isFailed, false)),
      ),
    )
}

function filterWhere(db: Db, owner: Owner, filter: ContactFilter, now: number) {
  const conditions = [eq(contacts.ownerId, owner.id), eq(contacts.isArchived, filter.viewArchive)]
  if (filter.firstName) conditions.push(foldedContains(contacts.firstNameKey, filter.firstName))
  if (filter.lastName) conditions.push(foldedContains(contacts.lastNameKey, filter.lastName))
  if (filter.email) conditions.push(foldedContains(contacts.email, filter.email))
  if (filter.firstAndLastName) {
    const fullName = sql`${contacts.firstNameKey} || ' ' || ${contacts.lastNameKey}`
    conditions.push(foldedContains(fullName, filter.firstAndLastName))
  }
  if (filter.from) conditions.push(gte(lastMeetingStart, startOfZonedDay(owner.timeZone, filter.from)))
  if (filter.to) conditions.push(lt(lastMeetingStart, startOfZonedDay(owner.timeZone, addDays(filter.to, 1))))
  if (filter.eventTypeIds.length > 0) {
    const bookedThatType = db
      .select({ one: sql`1` })
      .from(meetingParticipants)
      .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
      .where(and(eq(meetingParticipants.contactId, contacts.id), inJsonList(meetings.eventTypeId, filter.eventTypeIds)))
    const last = inJsonList(contacts.lastEventTypeId, filter.eventTypeIds)
    conditions.push(or(last, exists(bookedThatType)) ?? last)
  }
  if (filter.viewNotDone) conditions.push(notExists(heldMeetingOf(db, now)))
  return and(...conditions)
}

export type ContactRow = {
  id: string
  firstName: string
  lastName: string
  email: string | null
  phone: string | null
  messengerType: string | null
  messengerValue: string | null
  customField: string | null
  eventTypeId: string | null
  eventTypeName: string | null
  lastBookingAt: number | null
  communicationMethod: 'messenger' | 'phone' | 'email'
  isArchived: boolean
}

export async function listContacts(
  db: Db,
  owner: Owner,
  filter: ContactFilter,
  page: { limit: number; offset: number },
  now: number,
): Promise<{ items: ContactRow[]; totalCount: number }> {
  const where = filterWhere(db, owner, filter, now)
  const [rows, [total]] = await Promise.all([
    db
      .select({ contact: contacts, eventTypeName: eventTypes.name, lastMeetingAt: lastMeetingStart })
      .from(contacts)
      .leftJoin(eventTypes, and(eq(eventTypes.id, contacts.lastEventTypeId), eq(eventTypes.ownerId, owner.id)))
      .where(where)
      .orderBy(desc(sql`coalesce(${contacts.lastBookingAt}, ${contacts.createdAt})`), asc(contacts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(contacts).where(where),
  ])
  return {
    totalCount: total?.value ?? 0,
    items: rows.map(({ contact, eventTypeName, lastMeetingAt }) => ({
      id: contact.id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      phone: contact.phone,
      messengerType: contact.messengerType,
      messengerValue: contact.messengerValue,
      customField: contact.customField,
      eventTypeId: contact.lastEventTypeId,
      eventTypeName,
      lastBookingAt: lastMeetingAt,
      communicationMethod: communicationMethod(contact),
      isArchived: contact.isArchived,
    })),
  }
}

/** The owner's event types for the filter's checkbox list. */
export async function contactEventTypes(db: Db, ownerId: string) {
  return db
    .select({ id: eventTypes.id, name: eventTypes.name, color: eventTypes.color })
    .from(eventTypes)
    .where(eq(eventTypes.ownerId, ownerId))
    .orderBy(asc(eventTypes.name))
}

/** A contact's names with their folded copies: the one way contacts' names are written. */
function nameColumns(firstName: string, lastName: string) {
  return { firstName, lastName, firstNameKey: searchFold(firstName), lastNameKey: searchFold(lastName) }
}

/**
 * Adds a contact by hand; an email the owner already has is refused (never duplicated by email). Two concurrent adds
 * of one email both pass the check: the unique index (owner, email) refuses the second, with the same answer.
 */
export async function addContact(db: Db, ownerId: string, input: NewContact, now: number): Promise<{ id: string }> {
  const [existing] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, input.email)))
    .limit(1)
  if (existing) refuse('contactEmailTaken', 'email')
  const id = newId(now)
  try {
    await db.insert(contacts).values({
      id,
      ownerId,
      ...input,
      ...nameColumns(input.firstName, input.lastName ?? ''),
      createdAt: now,
      updatedAt: now,
    })
  } catch (error) {
    if (isUniqueViolation(error)) refuse('contactEmailTaken', 'email')
    throw error
  }
  return { id }
}

/**
 * The statement that creates or refreshes the contact of a booking participant (one per owner and email), for
 * the booking's batch: a returning client's name, phone and messenger are updated, an archived one reopened.
 */
export function upsertContactStatement(
  db: Db,
  ownerId: string,
  person: {
    email: string
    firstName: string
    lastName?: string | null
    phone?: string | null
    messengerType?: NewContact['messengerType']
    messengerValue?: string | null
    comment?: string | null
  },
  booking: { eventTypeId: string | null; at: number },
  now: number,
  /** The id a new contact gets (the caller may need it in the same batch). */
  id: string = newId(now),
) {
  const values = {
    ...nameColumns(person.firstName, person.lastName ?? ''),
    phone: person.phone ?? null,
    messengerType: person.messengerValue ? (person.messengerType ?? 'WhatsApp') : null,
    messengerValue: person.messengerValue || null,
    comment: person.comment || null,
  }
  return db
    .insert(contacts)
    .values({
      id,
      ownerId,
      email: person.email.toLowerCase(),
      ...values,
      lastEventTypeId: booking.eventTypeId,
      lastBookingAt: booking.at,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [contacts.ownerId, contacts.email],
      set: {
        firstName: values.firstName,
        lastName: sql`case when ${values.lastName} <> '' then ${values.lastName} else ${contacts.lastName} end`,
        firstNameKey: values.firstNameKey,
        lastNameKey: sql`case when ${values.lastName} <> '' then ${values.lastNameKey} else ${contacts.lastNameKey} end`,
        phone: sql`coalesce(${values.phone}, ${contacts.phone})`,
        messengerType: sql`coalesce(${values.messengerType}, ${contacts.messengerType})`,
        messengerValue: sql`coalesce(${values.messengerValue}, ${contacts.messengerValue})`,
        comment: sql`coalesce(${values.comment}, ${contacts.comment})`,
        lastEventTypeId: sql`coalesce(${booking.eventTypeId}, ${contacts.lastEventTypeId})`,
        lastBookingAt: sql`max(coalesce(${contacts.lastBookingAt}, 0), ${booking.at})`,
        isArchived: false,
        updatedAt: now,
      },
    })
}

async function ownedContacts(db: Db, ownerId: string, ids: string[]) {
  const unique = [...new Set(ids)]
  const rows = await readInParts(unique, (part) =>
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, ownerId), inArray(contacts.id, part))),
  )
  // Any id that is not the owner's: the whole request is refused, as for a missing row (no leak).
  if (rows.length !== unique.length) refuse('notFound')
  return rows
}

/** Archive (`isArchived`) or reopen the given contacts of the owner. */
export async function setArchived(db: Db, ownerId: string, ids: string[], isArchived: boolean, now: number) {
  await ownedContacts(db, ownerId, ids)
  await db
    .update(contacts)
    .set({ isArchived, updatedAt: now })
    .where(and(eq(contacts.ownerId, ownerId), inJsonList(contacts.id, ids)))
  return { count: new Set(ids).size }
}

export function canEmailContacts(owner: Pick<Owner, 'plan'>): boolean {
  return can(owner.plan, 'emailContacts')
}

function requireEmailPlan(owner: Owner) {
  if (!canEmailContacts(owner)) refuse('planLimit')
}

function ownerName(owner: Owner) {
  return [owner.firstName, owner.lastName].filter(Boolean).join(' ')
}

/** SPEC §3 "Message result": which contacts got the email (`ids_ok`) and which could not (`ids_error`: no email). */
export type MessageResult = { message: string; title: string; ids_ok: string[]; ids_error: string[] }

async function sendToContacts(
  db: Db,
  owner: Owner,
  ids: string[],
  now: number,
  t: TFunction,
  compose: (contact: typeof contacts.$inferSelect, t: TFunction) => ReturnType<typeof composeEmail>,
): Promise<MessageResult> {
  requireEmailPlan(owner)
  const rows = await ownedContacts(db, owner.id, ids)
  const ok: string[] = []
  const failed: string[] = []
  const statements = []
  for (const contact of rows) {
    if (!contact.email) {
      failed.push(contact.id)
      continue
    }
    const email = compose(contact, getT(owner.culture))
    statements.push(
      enqueueMessage(
        db,
        {
          channel: 'email',
          recipient: contact.email,
          subject: email.subject,
          text: email.text,
          html: email.html,
        },
        now,
      ).query,
    )
    ok.push(contact.id)
  }
  if (statements.length > 0) await db.batch(statements as [(typeof statements)[number], ...typeof statements])
  return {
    title: t('contacts:message.resultTitle') as string,
    message: t('contacts:message.resultText', { count: ok.length }) as string,
    ids_ok: ok,
    ids_error: failed,
  }
}

/** Sends a specialist's message to the selected contacts through the outbox (plan-gated, SPEC §6). */
export async function messageContacts(
  db: Db,
  owner: Owner,
  input: { contactIds: string[]; message: string },
  now: number,
  t: TFunction,
) {
  requireEmailPlan(owner)
  return await sendToContacts(db, owner, input.contactIds, now, t, (contact, mt) =>
    composeEmail(mt('contacts:mail.messageSubject', { name: ownerName(owner) }) as string, [
      hello(mt, contact.firstName),
      input.message,
      mt('contacts:mail.replyHint', { name: ownerName(owner) }) as string,
    ]),
  )
}

/**
 * Invites the selected contacts to book: the event type's link, or the specialist's public page. The links start
 * with `appUrl`, the configured APP_URL, never the request's Host (a forged Host would send clients elsewhere).
 */
export async function inviteContacts(
  db: Db,
  owner: Owner,
  input: { contactIds: string[]; eventTypeId?: string | null },
  appUrl: string,
  now: number,
  t: TFunction,
) {
  requireEmailPlan(owner)
  let url = new URL(`/user/${owner.login}`, appUrl).toString()
  let eventName: string | null = null
  if (input.eventTypeId) {
    const [eventType] = await db
      .select({ link: eventTypes.link, name: eventTypes.name })
      .from(eventTypes)
      .where(
        and(eq(eventTypes.id, input.eventTypeId), eq(eventTypes.ownerId, owner.id), ne(eventTypes.isActive, false)),
      )
      .limit(1)
    if (!eventType) refuse('notFound')
    url = new URL(`/${owner.login}/${eventType.link}`, appUrl).toString()
    eventName = eventType.name
  }
  return await sendToContacts(db, owner, input.contactIds, now, t, (contact, mt) =>
    composeEmail(
      mt('contacts:mail.inviteSubject', { name: ownerName(owner) }) as string,
      [
        hello(mt, contact.firstName),
        eventName
          ? (mt('contacts:mail.inviteEventLine', { name: ownerName(owner), event: eventName }) as string)
          : (mt('contacts:mail.inviteLine', { name: ownerName(owner) }) as string),
      ],
      [{ label: mt('contacts:mail.inviteButton') as string, url }],
    ),
  )
}
