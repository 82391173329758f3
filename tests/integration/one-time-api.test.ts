import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { getDb } from '#app/server/db.server.ts'
import { contacts, meetingParticipants, meetings, oneTimeInvitations, reminders } from '#db/schema.ts'
import { api, emailsTo, lastEmailTo, unique } from './helpers/accounts.ts'
import { DAY, HOUR, createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser } from './helpers/users.ts'
import { hourAhead, oneTimeBody } from './helpers/one-time.ts'

const db = () => getDb(env.DB)
const email = (prefix: string) => `${unique(prefix)}@example.com`

async function specialist(plan: 'Basic' | 'Standard' | 'Pro' = 'Pro') {
  const user = await createTestUser({ plan })
  return { user, auth: await bearerFor(user.id) }
}

async function contactOf(ownerId: string, overrides: Partial<typeof contacts.$inferInsert> = {}) {
  const row = {
    id: newId(),
    ownerId,
    firstName: 'Ирина',
    lastName: 'Контактова',
    email: email('contact'),
    ...overrides,
  }
  await db().insert(contacts).values(row)
  return row
}

type Created = { id: string; ids: string[]; links: string[] }
type Info = {
  id: string
  name: string
  state: string
  seatsLeft: number
  totalSeats: number
  isPhoneRequired: boolean
  invitee: { email: string; isConfirmed: boolean } | null
}

function icsOf(mail: { payload: unknown } | null | undefined): string {
  const attachments = (mail?.payload as { attachments?: { content: string }[] } | null)?.attachments
  return attachments?.[0]?.content ?? ''
}

function inviteTokenIn(text: string): string {
  const match = text.match(/\/booking\?companyEventId=[A-Za-z0-9_-]+&invite=([A-Za-z0-9_-]+)/)
  if (!match) throw new Error(`No invite link in: ${text}`)
  return match[1]
}

async function meetingsOf(ownerId: string) {
  return db().select().from(meetings).where(eq(meetings.ownerId, ownerId))
}

describe('companyEvent: creating a one-time meeting', () => {
  it('answers isOkCreate by plan (SPEC §6: Standard or Pro)', async () => {
    for (const [plan, expected] of [
      ['Basic', false],
      ['Standard', true],
      ['Pro', true],
    ] as const) {
      const { auth } = await specialist(plan)
      const answer = await api<boolean>('GET', '/companyEvent/organizer/isOkCreate', { auth })
      expect(answer.status).toBe(200)
      expect(answer.body.data).toBe(expected)
    }
    expect((await api('GET', '/companyEvent/organizer/isOkCreate')).status).toBe(401)
  })

  it('creates the meeting for an existing and a new contact: participants, reminders, emails with ICS and /booking link', async () => {
    const { user, auth } = await specialist()
    const existing = await contactOf(user.id)
    const newEmail = email('new')
    const adjutant = email('helper')
    const created = await api<Created>('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody({
        contactIds: [existing.id],
        contacts: [{ firstName: 'Пётр', lastName: '', email: newEmail.toUpperCase(), phone: '' }],
        adjutantEmails: [adjutant],
      }),
    })
    expect(created.status).toBe(201)
    expect(created.body.data.ids).toEqual([created.body.data.id])
    expect(created.body.data.links[0]).toContain(`/booking?companyEventId=${created.body.data.id}`)
    const [meeting] = await db().select().from(meetings).where(eq(meetings.id, created.body.data.id))
    expect(meeting).toMatchObject({
      ownerId: user.id,
      eventTypeId: null,
      name: 'Разбор проекта',
      participantType: 'GroupNotCollective',
      totalSeats: 3,
      timeZone: 'Europe/Moscow',
      adjutantEmails: [adjutant],
    })
    const people = await db().select().from(meetingParticipants).where(eq(meetingParticipants.meetingId, meeting.id))
    expect(people.map((p) => p.email).sort()).toEqual([existing.email, newEmail].sort())
    expect(people.every((p) => p.role === 'member' && p.status === 'booked')).toBe(true)
    // The new contact joined the organizer's contacts (empty values null), never duplicated by email.
    const [added] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, user.id), eq(contacts.email, newEmail)))
    expect(added).toMatchObject({ firstName: 'Пётр', lastName: '', phone: null })
    const invitations = await db().select().from(oneTimeInvitations).where(eq(oneTimeInvitations.meetingId, meeting.id))
    expect(invitations).toHaveLength(2)
    expect(invitations.every((i) => i.confirmedAt === null)).toBe(true)
    const jobs = await db().select().from(reminders).where(eq(reminders.meetingId, meeting.id))
    expect(jobs.map((j) => j.recipientKind).sort()).toEqual(['client', 'client', 'organizer'])
    expect(jobs.every((j) => j.dueAt === meeting.startAt - HOUR)).toBe(true)

    const mail = await lastEmailTo(newEmail)
    expect(mail?.subject).toBe('Приглашение: Разбор проекта')
    expect(inviteTokenIn(mail?.text ?? '')).toMatch(/^[A-Za-z0-9_-]{16,}$/)
    expect(mail?.text).toContain('/booking/manage/')
    expect(icsOf(mail)).toContain(`UID:${meeting.id}@fastslot`)
    expect(icsOf(mail)).toContain(existing.email)
    expect(await lastEmailTo(existing.email as string)).not.toBeNull()
    expect((await lastEmailTo(adjutant))?.subject).toContain('Разбор проекта')

    // It appears in /meetings like any other meeting.
    const list = await api<{ items: { userEventInfo: { id: string; isOneTime: boolean } }[] }>('GET', '/userEvents', {
      auth,
    })
    expect(list.body.data.items.map((i) => i.userEventInfo)).toContainEqual({
      ...list.body.data.items.find((i) => i.userEventInfo.id === meeting.id)?.userEventInfo,
      id: meeting.id,
      isOneTime: true,
    })
  })

  it('creates one meeting per date of the payload', async () => {
    const { user, auth } = await specialist()
    const first = hourAhead(4)
    const second = hourAhead(5)
    const created = await api<Created>('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody({
        dates: [
          { from: new Date(first).toISOString(), to: new Date(first + HOUR).toISOString() },
          { from: new Date(second).toISOString(), to: new Date(second + HOUR).toISOString() },
        ],
      }),
    })
    expect(created.status).toBe(201)
    expect(created.body.data.ids).toHaveLength(2)
    expect((await meetingsOf(user.id)).map((m) => m.startAt).sort()).toEqual([first, second])
  })

  it('reads wall times with gmtOffset, else in the payload time zone', async () => {
    const { user, auth } = await specialist()
    const day = new Date(hourAhead(6)).toISOString().slice(0, 10)
    const withOffset = await api<Created>('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody({ dates: [{ from: `${day}T10:00`, to: `${day}T11:30`, gmtOffset: 5 }] }),
    })
    expect(withOffset.status).toBe(201)
    const byZone = await api<Created>('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody({ timeZone: 'Europe/Moscow', dates: [{ from: `${day}T14:00`, to: `${day}T15:00` }] }),
    })
    expect(byZone.status).toBe(201)
    const rows = await meetingsOf(user.id)
    const starts = rows.map((m) => new Date(m.startAt).toISOString()).sort()
    expect(starts).toEqual([`${day}T05:00:00.000Z`, `${day}T11:00:00.000Z`])
    expect(rows.find((m) => m.id === withOffset.body.data.id)?.endAt).toBe(Date.parse(`${day}T06:30:00.000Z`))
  })

  it('is plan-gated: Basic cannot, Standard cannot make a group, Standard can make an individual one', async () => {
    const basic = await specialist('Basic')
    const refused = await api('POST', '/companyEvent/organizer', {
      auth: basic.auth,
      body: oneTimeBody(),
      language: 'en',
    })
    expect(refused.status).toBe(403)
    expect(refused.body.apiErrors[0].text).toBe('Not available on your plan')
    const standard = await specialist('Standard')
    expect((await api('POST', '/companyEvent/organizer', { auth: standard.auth, body: oneTimeBody() })).status).toBe(
      403,
    )
    const single = await api('POST', '/companyEvent/organizer', {
      auth: standard.auth,
      body: oneTimeBody({}, { participantType: 'SimpleNotCollective', totalSeats: 5 }),
    })
    expect(single.status).toBe(201)
    expect(await meetingsOf(basic.user.id)).toHaveLength(0)
    const [meeting] = await meetingsOf(standard.user.id)
    // SPEC §5: totalSeats 1 for an individual meeting.
    expect(meeting.totalSeats).toBe(1)
  })

  it('refuses bad input with translated 400s naming the field, and writes nothing', async () => {
    const { user, auth } = await specialist()
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{}, { name: '' }, 'form.name: Required field'],
      [{}, { type: 'Online', meetingPoint: 'not a link' }, 'form.meetingPoint: Enter a valid link'],
      [{}, { type: 'Meet', meetingPoint: '' }, 'form.meetingPoint: Required field'],
      [{}, { totalSeats: 1 }, 'form.totalSeats: Seats must be more than 1 and not below the minimum'],
      [{ contacts: [{ firstName: 'Ян', email: 'nope' }] }, {}, 'contacts.0.email: Invalid email'],
      [{ adjutantEmails: ['a@example.com', 'A@example.com'] }, {}, 'adjutantEmails.1:'],
      [
        {
          dates: [
            { from: new Date(Date.now() - DAY).toISOString(), to: new Date(Date.now() - DAY + HOUR).toISOString() },
          ],
        },
        {},
        'dates.0.from: The meeting time cannot be in the past',
      ],
      [
        { dates: [{ from: new Date(hourAhead(3)).toISOString(), to: new Date(hourAhead(3) - HOUR).toISOString() }] },
        {},
        'dates.0.to: End must be later than start',
      ],
      [{ dates: [{ from: 'tomorrow', to: 'later' }] }, {}, 'dates.0.from: Invalid date'],
      [{ timeZone: 'Mars/Base' }, {}, 'timeZone: Unknown time zone'],
    ]
    for (const [overrides, form, text] of cases) {
      const answer = await api('POST', '/companyEvent/organizer', {
        auth,
        body: oneTimeBody(overrides, form),
        language: 'en',
      })
      expect(answer.status, text).toBe(400)
      expect(answer.body.apiErrors.map((e) => e.text).join(' | ')).toContain(text)
    }
    const malformed = await api('POST', '/companyEvent/organizer', { auth, rawBody: '{', language: 'en' })
    expect(malformed.status).toBe(400)
    expect(await meetingsOf(user.id)).toHaveLength(0)
  })

  it('keeps the seat rules: invitees fit the seats, no email twice, not the organizer', async () => {
    const { user, auth } = await specialist()
    const a = await contactOf(user.id)
    const b = await contactOf(user.id)
    const tooMany = await api('POST', '/companyEvent/organizer', {
      auth,
      language: 'en',
      body: oneTimeBody({ contactIds: [a.id, b.id] }, { participantType: 'SimpleNotCollective' }),
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.apiErrors[0].text).toBe('contactIds: Maximum number of participants reached (seats: 1)')
    const twice = await api('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody({ contactIds: [a.id], contacts: [{ firstName: 'Дубль', email: a.email }] }),
    })
    expect(twice.status).toBe(400)
    const self = await api('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody({ contacts: [{ firstName: 'Я сам', email: user.email }] }),
    })
    expect(self.status).toBe(400)
    const noEmail = await contactOf(user.id, { email: null })
    expect(
      (await api('POST', '/companyEvent/organizer', { auth, body: oneTimeBody({ contactIds: [noEmail.id] }) })).status,
    ).toBe(400)
    expect(await meetingsOf(user.id)).toHaveLength(0)
  })

  it('never reaches another organizer: foreign contacts and share answer 404', async () => {
    const { auth } = await specialist()
    const other = await specialist()
    const foreign = await contactOf(other.user.id)
    const answer = await api('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody({ contactIds: [foreign.id] }),
    })
    expect(answer.status).toBe(404)
    const theirs = await api<Created>('POST', '/companyEvent/organizer', { auth: other.auth, body: oneTimeBody() })
    expect((await api('GET', `/companyEvent/${theirs.body.data.id}/share`, { auth })).status).toBe(404)
    const mine = await api<{ link: string }>('GET', `/companyEvent/${theirs.body.data.id}/share`, { auth: other.auth })
    expect(mine.status).toBe(200)
    expect(mine.body.data.link).toContain(`/booking?companyEventId=${theirs.body.data.id}`)
    // An ordinary meeting is not a companyEvent.
    const plain = await createMeeting(other.user.id, { startAt: hourAhead(9), people: [] })
    expect((await api('GET', `/companyEvent/${plain.id}/share`, { auth: other.auth })).status).toBe(404)
    expect((await api('GET', `/companyEvent/${plain.id}/info`)).status).toBe(404)
  })
})

describe('companyEvent: the overlap check and ignoreFreeTimeCheck', () => {
  it('asks "Book anyway?" on an overlap (with buffers), and books with ignoreFreeTimeCheck', async () => {
    const { user, auth } = await specialist()
    const start = hourAhead(3)
    await createMeeting(user.id, {
      startAt: start - HOUR,
      durationMinutes: 60,
      people: [{ email: email('x'), firstName: 'Икс' }],
    })
    // Touching the end is no overlap...
    const touching = await api('POST', '/companyEvent/organizer', { auth, body: oneTimeBody({}, {}, start) })
    expect(touching.status).toBe(201)
    // ...but a buffer before widens it into the other meeting (the engine's conflict rule).
    const later = start + 2 * HOUR
    await createMeeting(user.id, { startAt: later - HOUR, durationMinutes: 50, people: [] })
    const buffered = await api<{ overlaps: { id: string; name: string }[]; busyEmails: string[] }>(
      'POST',
      '/companyEvent/organizer',
      { auth, body: oneTimeBody({}, { getTimeBeforeValue: 15 }, later), language: 'en' },
    )
    expect(buffered.status).toBe(409)
    expect(buffered.body.isOk).toBe(false)
    expect(buffered.body.data.overlaps).toHaveLength(1)
    expect(buffered.body.apiErrors[0].text).toMatch(/^You already have a meeting at this time/)
    const overlapping = await api<{ overlaps: unknown[] }>('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody({}, {}, start + 30 * 60_000),
    })
    expect(overlapping.status).toBe(409)
    expect(overlapping.body.data.overlaps).toHaveLength(2)
    const before = (await meetingsOf(user.id)).length
    const anyway = await api<Created>('POST', '/companyEvent/organizer?ignoreFreeTimeCheck=true', {
      auth,
      body: oneTimeBody({}, {}, start + 30 * 60_000),
    })
    expect(anyway.status).toBe(201)
    expect(await meetingsOf(user.id)).toHaveLength(before + 1)
  })

  it('asks "Add anyway?" for an invitee busy in another of the organizer meetings, and isFree tells it', async () => {
    const { user, auth } = await specialist()
    const busy = await contactOf(user.id)
    const start = hourAhead(4)
    await createMeeting(user.id, {
      startAt: start,
      people: [{ email: busy.email as string, firstName: 'Занятой' }],
      status: 'upcoming',
    })
    const from = new Date(start + 15 * 60_000).toISOString()
    const to = new Date(start + 45 * 60_000).toISOString()
    const free = await api<{ isFree: boolean }>(
      'GET',
      `/companyEvent/organizer/isFree?email=${encodeURIComponent(busy.email as string)}&from=${from}&to=${to}`,
      { auth },
    )
    expect(free.body.data.isFree).toBe(false)
    const other = await api<{ isFree: boolean }>(
      'GET',
      `/companyEvent/organizer/isFree?email=${encodeURIComponent(email('free'))}&from=${from}&to=${to}`,
      { auth },
    )
    expect(other.body.data.isFree).toBe(true)
    const answer = await api<{ busyEmails: string[] }>('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody({ contactIds: [busy.id] }, {}, start),
    })
    expect(answer.status).toBe(409)
    expect(answer.body.data.busyEmails).toEqual([busy.email])
    const anyway = await api('POST', '/companyEvent/organizer?ignoreFreeTimeCheck=1', {
      auth,
      body: oneTimeBody({ contactIds: [busy.id] }, {}, start),
    })
    expect(anyway.status).toBe(201)
    // A specialist invitee hosting their own meeting then is busy too (their booking pages show it anyway), when
    // they are the organizer's contact who met him (a client once); a stranger's calendar is never consulted.
    const host = await createTestUser({ email: email('host') })
    await createMeeting(user.id, { startAt: Date.now() - 3 * DAY, people: [{ email: host.email, firstName: 'Хост' }] })
    await createMeeting(host.id, { startAt: start + 2 * HOUR, people: [] })
    const later = (path: string) =>
      `${path}?email=${encodeURIComponent(host.email)}&from=${new Date(start + 2 * HOUR).toISOString()}&to=${new Date(start + 3 * HOUR).toISOString()}`
    expect(
      (await api<{ isFree: boolean }>('GET', later('/companyEvent/organizer/isFree'), { auth })).body.data.isFree,
    ).toBe(false)
    const hostInvited = await api<{ overlaps: unknown[]; busyEmails: string[] }>('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody({ contacts: [{ firstName: 'Хост', email: host.email }] }, {}, start + 2 * HOUR),
    })
    expect(hostInvited.status).toBe(409)
    expect(hostInvited.body.data).toEqual({ overlaps: [], busyEmails: [host.email] })
    // Another organizer's meetings never make anyone busy here.
    const stranger = await specialist()
    const theirs = await api<{ isFree: boolean }>(
      'GET',
      `/companyEvent/organizer/isFree?email=${encodeURIComponent(busy.email as string)}&from=${from}&to=${to}`,
      { auth: stranger.auth },
    )
    expect(theirs.body.data.isFree).toBe(true)
  })
})

describe('companyEvent: /booking info and client answers', () => {
  async function created(form: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) {
    const { user, auth } = await specialist()
    const invited = email('invited')
    const answer = await api<Created>('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody(
        { contacts: [{ firstName: 'Гость', email: invited }], ...overrides },
        { totalSeats: 2, ...form },
      ),
    })
    expect(answer.status).toBe(201)
    const token = inviteTokenIn((await lastEmailTo(invited))?.text ?? '')
    return { user, auth, id: answer.body.data.id, invited, token }
  }

  it('shows the public info, with the invitee for their token', async () => {
    const { id, token, invited } = await created()
    const info = await api<Info>('GET', `/companyEvent/${id}/info`)
    expect(info.status).toBe(200)
    expect(info.body.data).toMatchObject({ id, name: 'Разбор проекта', state: 'open', seatsLeft: 1, invitee: null })
    const mine = await api<Info>('GET', `/companyEvent/${id}/info?invite=${token}`)
    expect(mine.body.data.invitee).toMatchObject({ email: invited, isConfirmed: false })
    // The online link is the participants' (issue 15): the shared link shows only its kind.
    expect(info.body.data).toMatchObject({ meetingPoint: null, placeIcon: 'zoom' })
    expect(mine.body.data).toMatchObject({ meetingPoint: 'https://zoom.us/j/42', placeIcon: 'zoom' })
    expect((await api<Info>('GET', `/companyEvent/${id}/info?invite=${'x'.repeat(43)}`)).body.data.invitee).toBeNull()
    expect((await api('GET', '/companyEvent/nope-nope-nope/info', { language: 'en' })).body.apiErrors[0].text).toBe(
      'Meeting not found',
    )
  })

  it('lets the invitee confirm with their token (twice is harmless), a wrong token is 404', async () => {
    const { id, token, invited, auth } = await created()
    const contactInfo = { firstName: 'Гость', lastName: 'Подтвердивший', email: invited }
    const confirm = await api<{ confirmed: boolean; ics: string }>('POST', '/companyEvent/client', {
      body: { companyEventId: id, inviteToken: token, contactInfo },
    })
    expect(confirm.status).toBe(200)
    expect(confirm.body.data.confirmed).toBe(true)
    expect(confirm.body.data.ics).toContain('BEGIN:VCALENDAR')
    const [row] = await db()
      .select({ confirmedAt: oneTimeInvitations.confirmedAt, lastName: meetingParticipants.lastName })
      .from(oneTimeInvitations)
      .innerJoin(meetingParticipants, eq(meetingParticipants.id, oneTimeInvitations.participantId))
      .where(eq(oneTimeInvitations.meetingId, id))
    expect(row.confirmedAt).not.toBeNull()
    expect(row.lastName).toBe('Подтвердивший')
    expect(
      (await api('POST', '/companyEvent/client', { body: { companyEventId: id, inviteToken: token, contactInfo } }))
        .status,
    ).toBe(200)
    const wrong = await api('POST', '/companyEvent/client', {
      body: { companyEventId: id, inviteToken: 'A'.repeat(43), contactInfo },
    })
    expect(wrong.status).toBe(404)
    const share = await api<{ participants: { email: string; isConfirmed: boolean }[] }>(
      'GET',
      `/companyEvent/${id}/share`,
      { auth },
    )
    expect(share.body.data.participants).toEqual([expect.objectContaining({ email: invited, isConfirmed: true })])
  })

  it('lets a guest book a free seat; required fields, full seats and a second booking are refused', async () => {
    const { id, user } = await created({ isPhoneRequired: true })
    const guest = email('guest')
    const noPhone = await api('POST', '/companyEvent/client', {
      language: 'en',
      body: { companyEventId: id, contactInfo: { firstName: 'Гость', email: guest } },
    })
    expect(noPhone.status).toBe(400)
    expect(noPhone.body.apiErrors[0].text).toBe('contactInfo.phone: Required field')
    const booked = await api<{ confirmed: boolean; participantId: string }>('POST', '/companyEvent/client', {
      body: { companyEventId: id, contactInfo: { firstName: 'Гость', email: guest, phone: '+7 900 000-00-00' } },
    })
    expect(booked.status).toBe(201)
    expect(booked.body.data.confirmed).toBe(false)
    const mail = await lastEmailTo(guest)
    expect(mail?.subject).toBe('Вы записаны: Разбор проекта')
    expect(icsOf(mail)).toContain('BEGIN:VEVENT')
    const [contact] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, user.id), eq(contacts.email, guest)))
    expect(contact.phone).toBe('+7 900 000-00-00')
    const again = await api('POST', '/companyEvent/client', {
      body: { companyEventId: id, contactInfo: { firstName: 'Гость', email: guest, phone: '+7 900 000-00-00' } },
    })
    expect(again.status).toBe(409)
    const full = await api('POST', '/companyEvent/client', {
      language: 'en',
      body: {
        companyEventId: id,
        contactInfo: { firstName: 'Поздний', email: email('late'), phone: '+7 900 000-00-01' },
      },
    })
    expect(full.status).toBe(409)
    expect(full.body.apiErrors[0].text).toBe('No seats left')
    expect((await api<Info>('GET', `/companyEvent/${id}/info`)).body.data.seatsLeft).toBe(0)
  })

  it('an invited email booking through the share link confirms instead of taking a second seat', async () => {
    const { id, invited } = await created()
    const answer = await api<{ confirmed: boolean }>('POST', '/companyEvent/client', {
      body: { companyEventId: id, contactInfo: { firstName: 'Гость', email: invited } },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data.confirmed).toBe(true)
    expect((await api<Info>('GET', `/companyEvent/${id}/info`)).body.data.seatsLeft).toBe(1)
  })

  it('gives the last seat to exactly one of many concurrent guests', async () => {
    const { id } = await created({ totalSeats: 3 })
    const guests = Array.from({ length: 8 }, () => email('race'))
    const answers = await Promise.all(
      guests.map((guest) =>
        api('POST', '/companyEvent/client', {
          body: { companyEventId: id, contactInfo: { firstName: 'Гонка', email: guest } },
        }),
      ),
    )
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(6)
    const live = await db()
      .select()
      .from(meetingParticipants)
      .where(and(eq(meetingParticipants.meetingId, id), eq(meetingParticipants.status, 'booked')))
    expect(live).toHaveLength(3)
  })

  it('closes by the booking-closes time and for a cancelled meeting', async () => {
    const { id, token, invited, auth } = await created({ whenClosesValue: 30, whenClosesType: 'Days' })
    const info = await api<Info>('GET', `/companyEvent/${id}/info`)
    expect(info.body.data.state).toBe('closed')
    const confirm = await api('POST', '/companyEvent/client', {
      language: 'en',
      body: { companyEventId: id, inviteToken: token, contactInfo: { firstName: 'Гость', email: invited } },
    })
    expect(confirm.status).toBe(400)
    expect(confirm.body.apiErrors[0].text).toBe('Booking for this meeting is closed')
    const other = await created()
    expect((await api('PATCH', `/userEvents/${other.id}`, { auth: other.auth, body: { cancel: true } })).status).toBe(
      200,
    )
    expect((await api<Info>('GET', `/companyEvent/${other.id}/info`)).body.data.state).toBe('canceled')
    expect(
      (
        await api('POST', '/companyEvent/client', {
          body: { companyEventId: other.id, contactInfo: { firstName: 'Гость', email: email('late') } },
        })
      ).status,
    ).toBe(400)
    expect(auth).toBeTruthy()
    expect((await emailsTo(invited)).length).toBeGreaterThan(0)
  })
})
