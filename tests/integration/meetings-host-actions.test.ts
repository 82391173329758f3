import { SELF, runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { instantToZoned, zonedToInstant } from '#app/domain/time/index.ts'
import { randomToken, sha256 } from '#app/server/auth/tokens.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv, sessionKeys } from '#app/server/env.server.ts'
import { participantLinkRow } from '#app/server/notify/links.server.ts'
import { eventTypes, meetingParticipants, meetings, oneTimeEvents, participantLinks } from '#db/schema.ts'
import { api as json, emailsTo, lastEmailTo, unique } from './helpers/accounts.ts'
import { api as raw, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { DAY, createEventType, createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)
const email = (prefix: string) => `${unique(prefix)}@example.com`
const ZONE = 'Europe/Moscow'

type Mail = Awaited<ReturnType<typeof emailsTo>>[number]

/** The ICS of an email, with folded lines joined and TEXT escapes undone, for plain `toContain` checks. */
function icsOf(mail: Mail | null | undefined): string {
  const attachments = (mail?.payload as { attachments?: { content: string }[] } | null)?.attachments
  return (attachments?.[0]?.content ?? '').replace(/\r\n[ \t]/g, '').replace(/\\n/g, '\n')
}

/** Gives each participant a self-service token kept for emails, as the booking batch does; returns the tokens. */
async function withLinks(participants: { id: string }[]) {
  const tokens: string[] = []
  for (const participant of participants) {
    const token = randomToken()
    tokens.push(token)
    await db()
      .update(meetingParticipants)
      .set({ manageTokenHash: await sha256(token) })
      .where(eq(meetingParticipants.id, participant.id))
    await db()
      .insert(participantLinks)
      .values(await participantLinkRow(sessionKeys(parseEnv(env)), participant.id, token))
  }
  return tokens
}

async function meetingRow(id: string) {
  const [row] = await db().select().from(meetings).where(eq(meetings.id, id))
  return row
}

async function liveMembers(meetingId: string) {
  return db()
    .select()
    .from(meetingParticipants)
    .where(
      and(
        eq(meetingParticipants.meetingId, meetingId),
        eq(meetingParticipants.role, 'member'),
        eq(meetingParticipants.status, 'booked'),
      ),
    )
}

const form = (path: string, fields: Record<string, string>, cookie?: string) => pageClient(cookie).post(path, fields)

describe('moving participants between meetings', () => {
  it('sends the moved people METHOD:CANCEL for the meeting they leave and the invitation to the target', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const auth = await bearerFor(user.id)
    const type = await createEventType(user.id, { participantType: 'GroupNotCollective', minSeats: 1, totalSeats: 4 })
    const mover = email('mover')
    const stayer = email('stayer')
    const source = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + DAY,
      people: [
        { email: mover, firstName: 'Мира' },
        { email: stayer, firstName: 'Стас' },
      ],
    })
    const helper = email('helper')
    await db()
      .update(meetings)
      .set({ adjutantEmails: [helper] })
      .where(eq(meetings.id, source.id))
    const [moverToken] = await withLinks([source.participants[0]])
    const target = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + 2 * DAY,
      people: [{ email: email('t'), firstName: 'Тая' }],
    })

    const first = await json('PUT', '/eventContact/companyEventId', {
      auth,
      body: { eventContactIds: [source.participants[0].id], companyEventId: target.id },
    })
    expect(first.status).toBe(200)
    const mails = await emailsTo(mover)
    const away = mails.find((m) => icsOf(m).includes('METHOD:CANCEL'))
    expect(icsOf(away)).toContain(`UID:${source.id}@fastslot`)
    expect(icsOf(away)).not.toContain('/booking/manage/')
    const invited = mails.find((m) => icsOf(m).includes('METHOD:REQUEST'))
    expect(icsOf(invited)).toContain(`UID:${target.id}@fastslot`)
    // Their booking still stands: the invitation and its ICS repeat their own cancel/move link.
    const link = `http://localhost:8787/booking/manage/${moverToken}?lang=ru`
    expect(icsOf(invited)).toContain(link)
    expect(invited?.text).toContain(link)
    // The source keeps its other member: it is not cancelled, nobody else is written to, its SEQUENCE stays.
    expect(await meetingRow(source.id)).toMatchObject({ status: 'upcoming', sequence: 0 })
    expect(await emailsTo(stayer)).toEqual([])
    expect(await emailsTo(helper)).toEqual([])

    // Moving the last member empties the source: cancelled as a whole (SEQUENCE raised), its adjutant told.
    const second = await json('PUT', '/eventContact/companyEventId', {
      auth,
      body: { eventContactIds: [source.participants[1].id], companyEventId: target.id },
    })
    expect(second.status).toBe(200)
    expect(await meetingRow(source.id)).toMatchObject({ status: 'canceled', sequence: 1 })
    const stayerCancel = (await emailsTo(stayer)).find((m) => icsOf(m).includes('METHOD:CANCEL'))
    expect(icsOf(stayerCancel)).toContain(`UID:${source.id}@fastslot`)
    const helperMail = await lastEmailTo(helper)
    expect(icsOf(helperMail)).toContain('METHOD:CANCEL')
    expect(icsOf(helperMail)).toContain('STATUS:CANCELLED')
    expect(await liveMembers(target.id)).toHaveLength(3)
  })

  it('never overbooks a group meeting when bookings and a move into it race (seats only grow by the move)', async () => {
    const { host } = await createBookableHost(
      { participantType: 'GroupNotCollective', minSeats: 1, totalSeats: 3 },
      { plan: 'Pro' },
    )
    const auth = await bearerFor(host.id)
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const book = (start: string, who: string, ip?: string) =>
      raw(`/public/${host.login}/eventTypes/consult/events`, {
        method: 'POST',
        ...(ip ? { ip } : {}),
        body: JSON.stringify({ contactInfo: contactInfo(unique(who)), slots: [{ start }] }),
      })
    // Several rounds, each on its own slot: two of three seats booked, then late bookings for the last seat race a
    // move of one more participant into that meeting, the move sent a little after the bookings start.
    for (const [round, slot] of slots.slice(0, 4).entries()) {
      for (const n of [1, 2]) expect((await book(slot.start, `seat${round}${n}`)).status).toBe(201)
      const [target] = await db()
        .select()
        .from(meetings)
        .where(and(eq(meetings.ownerId, host.id), eq(meetings.startAt, Date.parse(slot.start))))
      const source = await createMeeting(host.id, {
        startAt: Date.parse(slot.start) + (round + 2) * DAY,
        people: [{ email: email(`racer${round}`), firstName: 'Рома' }],
      })
      const [bookings, move] = await Promise.all([
        Promise.all(
          Array.from({ length: 6 }, (_, i) => book(slot.start, `late${round}${i}`, `203.0.${round}.${i + 1}`)),
        ),
        new Promise((resolve) => setTimeout(resolve, round * 15)).then(() =>
          json<{ totalSeats: number; seatsAdded: boolean }>('PUT', '/eventContact/companyEventId', {
            auth,
            body: { eventContactIds: [source.participants[0].id], companyEventId: target.id },
          }),
        ),
      ])
      expect(move.status).toBe(200)
      expect(bookings.every((r) => r.status === 201 || r.status === 409)).toBe(true)
      const after = await meetingRow(target.id)
      const members = await liveMembers(target.id)
      const booked = bookings.filter((r) => r.status === 201).length
      expect(booked).toBeLessThanOrEqual(1)
      expect(members.length).toBe(2 + booked + 1)
      // Never more people than seats; more seats than the event type's only when the move said it added them.
      expect(members.length).toBeLessThanOrEqual(after.totalSeats)
      if (after.totalSeats > 3) {
        expect(move.body.data).toMatchObject({ seatsAdded: true, totalSeats: after.totalSeats })
        expect(members.length).toBe(after.totalSeats)
      } else {
        expect(move.body.data.seatsAdded).toBe(false)
      }
    }
  })
})

describe('every change waits for the host object', () => {
  it('a move, a cancel and a visitor added wait while the host object is busy with another request', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const auth = await bearerFor(user.id)
    const source = await createMeeting(user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: email('a'), firstName: 'А' }],
    })
    const target = await createMeeting(user.id, {
      startAt: Date.now() + 2 * DAY,
      people: [{ email: email('b'), firstName: 'Б' }],
    })
    const other = await createMeeting(user.id, {
      startAt: Date.now() + 3 * DAY,
      people: [{ email: email('c'), firstName: 'В' }],
    })
    // Another request (a booking, say) holds the host's object: nothing may change meanwhile.
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const stub = env.HOST_LOCK.get(env.HOST_LOCK.idFromName(user.id))
    const busy = runInDurableObject(stub, (_instance, state) => state.blockConcurrencyWhile(() => gate))
    await new Promise((resolve) => setTimeout(resolve, 50))
    const requests = [
      json('PUT', '/eventContact/companyEventId', {
        auth,
        body: { eventContactIds: [source.participants[0].id], companyEventId: target.id },
      }),
      json('PATCH', `/userEvents/${other.id}`, { auth, body: { cancel: true } }),
      json('POST', `/eventContact/${target.participants[0].id}/visitor`, { auth, body: { emails: [email('v')] } }),
    ]
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await liveMembers(source.id)).map((p) => p.id)).toEqual([source.participants[0].id])
    expect((await meetingRow(other.id)).status).toBe('upcoming')
    expect(
      await db().select().from(meetingParticipants).where(eq(meetingParticipants.meetingId, target.id)),
    ).toHaveLength(1)
    release()
    await busy
    expect((await Promise.all(requests)).map((r) => r.status)).toEqual([200, 200, 201])
    expect(await liveMembers(source.id)).toEqual([])
    expect((await meetingRow(other.id)).status).toBe('canceled')
  })
})

describe('the participant self-service link in emails and ICS', () => {
  it('the booking confirmation: the client ICS carries their link in their language, the organizer copy none', async () => {
    const { host } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const client = contactInfo(unique('en'))
    const response = await raw(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      headers: { 'Accept-Language': 'en' },
      body: JSON.stringify({ contactInfo: client, slots: [{ start: slots[0].start }] }),
    })
    expect(response.status).toBe(201)
    const clientMail = await lastEmailTo(client.email)
    const link = clientMail?.text.match(/http:\/\/localhost:8787\/booking\/manage\/[A-Za-z0-9_-]+\?lang=en/)?.[0]
    expect(link).toBeTruthy()
    expect(icsOf(clientMail)).toContain(`Cancel or move your booking: ${link}`)
    expect(icsOf(await lastEmailTo(host.email))).not.toContain('/booking/manage/')
  })

  it('adjutants and visitors: no SEQUENCE raise, only the new invitee is written to; a visitor gets a link of their own', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const auth = await bearerFor(user.id)
    const member = email('member')
    const meeting = await createMeeting(user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: member, firstName: 'Маша' }],
    })
    await withLinks(meeting.participants)
    const helper = email('helper')
    expect(
      (await json('PATCH', `/userEvents/${meeting.id}`, { auth, body: { adjutantEmails: [helper] } })).status,
    ).toBe(200)
    expect(icsOf(await lastEmailTo(helper))).toContain('METHOD:REQUEST')
    expect(icsOf(await lastEmailTo(helper))).not.toContain('/booking/manage/')
    const guest = email('guest')
    const added = await json<{ id: string }[]>('POST', `/eventContact/${meeting.participants[0].id}/visitor`, {
      auth,
      body: { emails: [guest] },
    })
    expect(added.status).toBe(201)
    expect((await meetingRow(meeting.id)).sequence).toBe(0)
    expect(await emailsTo(member)).toEqual([])
    const guestMail = await lastEmailTo(guest)
    const token = guestMail?.text.match(/\/booking\/manage\/([A-Za-z0-9_-]+)\?lang=ru/)?.[1]
    expect(token).toBeTruthy()
    expect(icsOf(guestMail)).toContain(`/booking/manage/${token}?lang=ru`)
    // The visitor's link is a working one: it opens their booking and cancels only them.
    expect((await SELF.fetch(`http://localhost/booking/manage/${token}?lang=ru`)).status).toBe(200)
    expect((await form(`/booking/manage/${token}?lang=ru`, { intent: 'cancel' })).status).toBe(200)
    const [visitor] = await db().select().from(meetingParticipants).where(eq(meetingParticipants.email, guest))
    expect(visitor.status).toBe('canceled')
    expect((await meetingRow(meeting.id)).status).toBe('upcoming')
  })

  it('opens in the language the guest booked in when the link and the browser name none', async () => {
    const user = await createTestUser()
    const meeting = await createMeeting(user.id, {
      startAt: Date.now() + 2 * DAY,
      people: [{ email: email('en'), firstName: 'Ann' }],
    })
    await db()
      .update(meetingParticipants)
      .set({ language: 'en' })
      .where(eq(meetingParticipants.id, meeting.participants[0].id))
    const [token] = await withLinks(meeting.participants)
    const bare = await SELF.fetch(`http://localhost/booking/manage/${token}`, { redirect: 'manual' })
    expect(bare.status).toBe(302)
    expect(bare.headers.get('Location')).toBe(`/booking/manage/${token}?lang=en`)
    const page = await SELF.fetch(`http://localhost/booking/manage/${token}?lang=en`)
    expect(await page.text()).toContain('<html lang="en"')
    // A browser that chose a language keeps it.
    const chosen = await SELF.fetch(`http://localhost/booking/manage/${token}`, {
      headers: { Cookie: 'lng=InJ1Ig%3D%3D' },
      redirect: 'manual',
    })
    expect(chosen.status).toBe(200)
  })
})

describe('the participant changes their booking', () => {
  async function oneTimeWithNotice(closesDays: number) {
    const user = await createTestUser({ plan: 'Pro' })
    const me = await createTestUser()
    const meeting = await createMeeting(user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: me.email, firstName: 'Я' }],
    })
    await db()
      .insert(oneTimeEvents)
      .values({ id: meeting.id, ownerId: user.id, whenClosesValue: closesDays, whenClosesType: 'Days' })
    const [token] = await withLinks(meeting.participants)
    return { user, me, meeting, token }
  }

  it('a one-time meeting keeps its minimum notice: by link, by account and through the API', async () => {
    const { me, meeting, token } = await oneTimeWithNotice(2)
    const page = await (await SELF.fetch(`http://localhost/booking/manage/${token}?lang=ru`)).text()
    expect(page).toContain('data-testid="manage-notice"')
    expect(page).not.toContain('data-testid="manage-cancel"')
    expect((await form(`/booking/manage/${token}?lang=ru`, { intent: 'cancel' })).status).toBe(400)
    const auth = await bearerFor(me.id)
    const own = await json('PATCH', `/meetings/${meeting.participants[0].id}`, {
      auth,
      body: { patchMeetingInfo: { cancelMeeting: true } },
    })
    expect(own.status).toBe(400)
    expect(own.body.apiErrors[0].text).toBe('Изменить запись уже нельзя: специалист просит предупреждать заранее')
    expect((await meetingRow(meeting.id)).status).toBe('upcoming')

    const outside = await oneTimeWithNotice(0)
    const allowed = await json('PATCH', `/meetings/${outside.meeting.participants[0].id}`, {
      auth: await bearerFor(outside.me.id),
      body: { patchMeetingInfo: { cancelMeeting: true } },
    })
    expect(allowed.status).toBe(200)
    expect((await meetingRow(outside.meeting.id)).status).toBe('canceled')
  })

  it('moves by link (intent=reschedule) and through the API (setNewTimeSlotForm); a group member may not', async () => {
    const user = await createTestUser({ plan: 'Pro', firstName: 'Ольга', lastName: 'Орг' })
    const type = await createEventType(user.id)
    const date = instantToZoned(ZONE, Date.now() + 3 * DAY).date
    const at = (time: string) => zonedToInstant(ZONE, date, time)
    const me = await createTestUser()
    const meeting = await createMeeting(user.id, {
      eventType: type,
      startAt: at('10:00'),
      people: [{ email: me.email, firstName: 'Анна', lastName: 'Демидова' }],
    })
    const [token] = await withLinks(meeting.participants)

    const byLink = await form(`/booking/manage/${token}?lang=ru`, {
      intent: 'reschedule',
      start: new Date(at('12:00')).toISOString(),
    })
    expect(byLink.status).toBe(200)
    expect(await meetingRow(meeting.id)).toMatchObject({ startAt: at('12:00'), sequence: 1 })
    // The organizer's copy names who moved it, without gendered verbs or the organizer's own name.
    const told = await lastEmailTo(user.email)
    expect(told?.subject).toBe(`Запись перенесена: ${type.name}`)
    expect(told?.text).toContain('Клиент: Анна Демидова.')
    expect(told?.text).not.toContain('Ольга Орг')
    expect(icsOf(told)).not.toContain('/booking/manage/')
    // The client's copy of the move repeats their link.
    expect((await lastEmailTo(me.email))?.text).toContain(`/booking/manage/${token}?lang=ru`)

    const auth = await bearerFor(me.id)
    const byApi = await json('PATCH', `/meetings/${meeting.participants[0].id}`, {
      auth,
      body: { patchMeetingInfo: { setNewTimeSlotForm: { start: new Date(at('14:00')).toISOString() } } },
    })
    expect(byApi.status).toBe(200)
    expect((await meetingRow(meeting.id)).startAt).toBe(at('14:00'))
    const taken = await json('PATCH', `/meetings/${meeting.participants[0].id}`, {
      auth,
      body: { patchMeetingInfo: { setNewTimeSlotForm: { start: new Date(at('14:30')).toISOString() } } },
    })
    expect(taken.status).toBe(409)

    // A group meeting moves every member: its members cancel and book again instead.
    const group = await createMeeting(user.id, {
      eventType: type,
      startAt: at('16:00'),
      people: [
        { email: me.email, firstName: 'Анна' },
        { email: email('other'), firstName: 'Боря' },
      ],
    })
    const [groupToken] = await withLinks([group.participants[0]])
    const refusedByApi = await json('PATCH', `/meetings/${group.participants[0].id}`, {
      auth,
      body: { patchMeetingInfo: { setNewTimeSlotForm: { start: new Date(at('17:00')).toISOString() } } },
    })
    expect(refusedByApi.status).toBe(400)
    expect(refusedByApi.body.apiErrors[0].text).toBe('В групповой встрече отмените запись и запишитесь на другое время')
    const page = await (await SELF.fetch(`http://localhost/booking/manage/${groupToken}?lang=ru`)).text()
    expect(page).not.toContain('id="manage-move"')
    const refusedByLink = await form(`/booking/manage/${groupToken}?lang=ru`, {
      intent: 'reschedule',
      start: new Date(at('17:00')).toISOString(),
    })
    expect(refusedByLink.status).toBe(400)
    expect((await meetingRow(group.id)).startAt).toBe(at('16:00'))

    // Someone else's booking is not reachable: 404, nothing moves.
    const stranger = await createTestUser()
    const foreign = await json('PATCH', `/meetings/${meeting.participants[0].id}`, {
      auth: await bearerFor(stranger.id),
      body: { patchMeetingInfo: { setNewTimeSlotForm: { start: new Date(at('09:00')).toISOString() } } },
    })
    expect(foreign.status).toBe(404)
  })

  it('/meetings/myMeetings/{id}: the member picks a free day and a start and moves; inside the notice only a note shows', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const type = await createEventType(user.id)
    const date = instantToZoned(ZONE, Date.now() + 3 * DAY).date
    const at = (time: string) => zonedToInstant(ZONE, date, time)
    const me = await createTestUser()
    const cookie = await sessionCookieFor(me.id)
    const meeting = await createMeeting(user.id, {
      eventType: type,
      startAt: at('10:00'),
      people: [{ email: me.email, firstName: 'Я' }],
    })
    const path = `/meetings/myMeetings/${meeting.participants[0].id}`
    // The guest manage page's month calendar of free days (plain links), then the chosen day's starts (ADR 0109).
    const page = await (
      await SELF.fetch(`http://localhost${path}?month=${date.slice(0, 7)}&date=${date}`, {
        headers: { Cookie: cookie },
      })
    ).text()
    expect(page).toContain('data-testid="manage-move"')
    expect(page).toContain(`month=${date.slice(0, 7)}&amp;date=${date}`)
    expect(page).toContain(`value="${new Date(at('11:00')).toISOString()}"`)
    expect(page).not.toContain(`value="${new Date(at('10:00')).toISOString()}"`)
    // A day that is not a free one shows the month's first free day instead, never an error.
    const odd = await (
      await SELF.fetch(`http://localhost${path}?month=${date.slice(0, 7)}&date=2027-02-30`, {
        headers: { Cookie: cookie },
      })
    ).text()
    expect(odd).toContain('data-testid="move-slot"')
    const moved = await form(path, { intent: 'reschedule', start: new Date(at('11:00')).toISOString() }, cookie)
    expect(moved.status).toBe(200)
    expect(await meetingRow(meeting.id)).toMatchObject({ startAt: at('11:00'), sequence: 1 })
    // Another signed-in user cannot move it: 404.
    const stranger = await sessionCookieFor((await createTestUser()).id)
    const foreign = await form(path, { intent: 'reschedule', start: new Date(at('12:00')).toISOString() }, stranger)
    expect(foreign.status).toBe(404)

    await db().update(eventTypes).set({ whenClosesValue: 5, whenClosesType: 'Days' }).where(eq(eventTypes.id, type.id))
    const late = await (await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie } })).text()
    expect(late).toContain('data-testid="my-meeting-notice"')
    expect(late).not.toContain('data-testid="manage-cancel"')
    expect(late).not.toContain('data-testid="manage-move"')
    expect((await form(path, { intent: 'cancel' }, cookie)).status).toBe(400)
  })

  it('/meetings/myMeetings/{id}: cancel asks first and takes a reason the organizer reads; a too long one changes nothing', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const type = await createEventType(user.id)
    const me = await createTestUser()
    const cookie = await sessionCookieFor(me.id)
    const meeting = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + 4 * DAY,
      people: [{ email: me.email, firstName: 'Я' }],
    })
    const path = `/meetings/myMeetings/${meeting.participants[0].id}`
    const page = await (await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie } })).text()
    expect(page).toContain(`href="${path}?cancel=1#cancel-confirm"`)
    const asked = await (await SELF.fetch(`http://localhost${path}?cancel=1`, { headers: { Cookie: cookie } })).text()
    expect(asked).toContain('data-testid="manage-cancel-inline"')
    expect(asked).toContain('name="reason"')
    const tooLong = await form(path, { intent: 'cancel', reason: 'я'.repeat(1501) }, cookie)
    expect(tooLong.status).toBe(400)
    expect(await meetingRow(meeting.id)).toMatchObject({ status: 'upcoming' })
    const canceled = await form(path, { intent: 'cancel', reason: 'Заболел, простите' }, cookie)
    expect(canceled.status).toBe(200)
    expect(await meetingRow(meeting.id)).toMatchObject({ status: 'canceled' })
    const organizerMail = (await emailsTo(user.email)).find((m) => m.text.includes('Заболел, простите'))
    expect(organizerMail?.text).toContain('Причина: Заболел, простите')
  })

  it('a one-time meeting is moved by its organizer only', async () => {
    const { me, meeting } = await oneTimeWithNotice(0)
    const refused = await json('PATCH', `/meetings/${meeting.participants[0].id}`, {
      auth: await bearerFor(me.id),
      body: { patchMeetingInfo: { setNewTimeSlotForm: { start: new Date(Date.now() + 3 * DAY).toISOString() } } },
    })
    expect(refused.status).toBe(400)
    expect((await meetingRow(meeting.id)).startAt).toBe(meeting.startAt)
  })
})

describe('changes go through the host object', () => {
  it('refuses another host meeting with 404 and changes nothing', async () => {
    const owner = await createTestUser({ plan: 'Pro' })
    const other = await createTestUser({ plan: 'Pro' })
    const auth = await bearerFor(other.id)
    const meeting = await createMeeting(owner.id, {
      startAt: Date.now() + DAY,
      people: [{ email: email('x'), firstName: 'Икс' }],
    })
    const guest = { id: newId() }
    for (const [method, path, body] of [
      [
        'PATCH',
        `/userEvents/${meeting.id}`,
        { newTimeSlotForm: { start: new Date(Date.now() + 2 * DAY).toISOString() } },
      ],
      ['PATCH', `/userEvents/${meeting.id}`, { isFailed: true }],
      ['PUT', `/eventContact/${meeting.participants[0].id}/visitor`, { emails: ['v@example.com'] }],
      ['GET', `/eventContact/${meeting.participants[0].id}/visitor/${guest.id}`, undefined],
      ['DELETE', `/eventContact/${meeting.participants[0].id}/visitor/${guest.id}`, undefined],
    ] as const) {
      const response = await json(method, path, { auth, body })
      expect(response.status, `${method} ${path}`).toBe(404)
    }
    expect(await meetingRow(meeting.id)).toMatchObject({ status: 'upcoming', startAt: meeting.startAt, sequence: 0 })
  })
})
