import { env } from 'cloudflare:workers'
import { and, eq, inArray } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { instantToZoned } from '#app/domain/time/index.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { drainOutbox } from '#app/server/outbox/outbox.server.ts'
import { meetings, outbox } from '#db/schema.ts'
import { FakeTelemost } from '../fakes/telemost-api.ts'
import { connectTelemost } from './helpers/video.ts'
import { api, unique } from './helpers/accounts.ts'
import { DAY, HOUR } from './helpers/meetings.ts'
import { bearerFor, createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

/**
 * Issue 15 for one-time meetings: "a Telemost link for each meeting" on the one-time form and `POST
 * /companyEvent/organizer` gives each meeting (one per date) its own conference through the bookings' `conference`
 * outbox path; the invitations carry the link when it is ready, otherwise a follow-up brings it.
 */
const db = getDb(env.DB)
const email = (prefix: string) => `${unique(prefix)}@example.com`

afterEach(() => {
  vi.restoreAllMocks()
})

async function specialist(plan: 'Standard' | 'Pro', telemost?: FakeTelemost) {
  const user = await createTestUser({ plan })
  if (telemost) {
    await connectTelemost(user.id, telemost)
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => telemost.fetch(input, init))
  }
  return { user, auth: await bearerFor(user.id) }
}

const hourAhead = (days: number) => Math.ceil((Date.now() + days * DAY) / HOUR) * HOUR
const dateOf = (start: number) => ({
  from: new Date(start).toISOString(),
  to: new Date(start + HOUR).toISOString(),
})

function body(invitee: string, adjutant: string, form: Record<string, unknown> = {}, days = [3, 4]) {
  return {
    contacts: [{ firstName: 'Пётр', lastName: 'Гостев', email: invitee }],
    adjutantEmails: [adjutant],
    timeZone: 'Europe/Moscow',
    dates: days.map((d) => dateOf(hourAhead(d))),
    form: {
      name: 'Разбор проекта',
      type: 'Online',
      meetingPoint: null,
      videoLinkService: 'telemost',
      participantType: 'SimpleNotCollective',
      remindersInMinutes: [60],
      ...form,
    },
  }
}

const rowsOf = (channel: (typeof outbox.$inferSelect)['channel'], recipients: string[]) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, channel), inArray(outbox.recipient, recipients)))
const icsOf = (row: typeof outbox.$inferSelect) =>
  ((row.payload?.attachments as { content: string }[] | undefined) ?? [])[0]?.content ?? ''

/** The cron's minute: everything due (the conferences first, by due time, then the invitations they released). */
async function cronMinute(at = Date.now() + 60_000) {
  await drainOutbox(db, parseEnv(env), at)
}

describe('a Telemost link for each one-time meeting', () => {
  it('each date gets its own conference; the invitations carry their meeting link; the adjutant gets it in a follow-up', async () => {
    const telemost = new FakeTelemost()
    const { auth } = await specialist('Pro', telemost)
    const invitee = email('invitee')
    const adjutant = email('helper')
    const created = await api<{ ids: string[] }>('POST', '/companyEvent/organizer', {
      auth,
      body: body(invitee, adjutant),
    })
    expect(created.status).toBe(201)
    const ids = created.body.data.ids
    expect(ids).toHaveLength(2)
    const requests = await rowsOf('conference', ids)
    expect(requests.map((r) => r.id).sort()).toEqual(ids.map((id) => `conference:${id}:${id}`).sort())
    // The invitations wait for the links.
    const held = await rowsOf('email', [invitee])
    expect(held).toHaveLength(2)
    expect(held.every((row) => row.status === 'pending' && row.nextAttemptAt > Date.now())).toBe(true)

    await cronMinute()
    expect(telemost.conferences).toHaveLength(2)
    const rows = await db.select().from(meetings).where(inArray(meetings.id, ids))
    expect(rows.every((m) => m.videoLinkService === 'telemost' && m.sequence === 1)).toBe(true)
    const links = rows.map((m) => m.meetingPoint)
    expect(new Set(links).size).toBe(2)
    expect(links.every((link) => telemost.conferences.some((c) => c.joinUrl === link))).toBe(true)

    const invitations = await rowsOf('email', [invitee])
    expect(invitations).toHaveLength(2)
    for (const meeting of rows) {
      const mine = invitations.find((row) => row.text.includes(meeting.meetingPoint as string))
      expect(mine).toMatchObject({ status: 'sent' })
      expect(mine?.payload?.kind).toBe('oneTime.invitation')
      expect(mine?.text).not.toContain('отдельным письмом')
      expect(mine?.text).toContain(`/booking?companyEventId=${meeting.id}`)
      expect(icsOf(mine!)).toContain(`LOCATION:${meeting.meetingPoint}`)
      expect(icsOf(mine!)).toContain('SEQUENCE:1')
    }
    // The adjutant's notice went at once; the link follows.
    const helper = await rowsOf('email', [adjutant])
    const followUps = helper.filter((row) => row.payload?.kind === 'meetings.linked')
    expect(followUps).toHaveLength(2)
    for (const link of links) expect(followUps.some((row) => icsOf(row).includes(`LOCATION:${link}`))).toBe(true)
  })

  it('with Telemost failing the meeting is created, the invitation says the link follows, and a follow-up brings it', async () => {
    const telemost = new FakeTelemost()
    const { auth } = await specialist('Pro', telemost)
    const invitee = email('late')
    const adjutant = email('helper')
    telemost.failNext({ status: 503 })
    const created = await api<{ ids: string[] }>('POST', '/companyEvent/organizer', {
      auth,
      body: body(invitee, adjutant, {}, [5]),
    })
    expect(created.status).toBe(201)
    const [id] = created.body.data.ids
    await cronMinute()
    const [request] = await rowsOf('conference', [id])
    expect(request).toMatchObject({ status: 'pending', attempts: 1 })
    const [invitation] = await rowsOf('email', [invitee])
    expect(invitation.status).toBe('sent')
    expect(invitation.text).toContain('Яндекс Телемост: ссылка придёт отдельным письмом')
    expect(icsOf(invitation)).not.toContain('LOCATION')

    await drainOutbox(db, parseEnv(env), request.nextAttemptAt, { ids: [request.id] })
    const [meeting] = await db.select().from(meetings).where(eq(meetings.id, id))
    expect(meeting.meetingPoint).toBe(telemost.conferences[0].joinUrl)
    await cronMinute(request.nextAttemptAt + 60_000)
    const mails = await rowsOf('email', [invitee])
    const followUp = mails.find((m) => m.payload?.kind === 'meetings.linked')
    expect(followUp?.status).toBe('sent')
    expect(followUp?.text).toContain(meeting.meetingPoint)
    expect(icsOf(followUp!)).toContain(`LOCATION:${meeting.meetingPoint}`)
    expect((await rowsOf('email', [adjutant])).some((m) => m.payload?.kind === 'meetings.linked')).toBe(true)
  })

  it('is refused below Pro (403) and without Telemost connected (400); a fixed link is still required without it', async () => {
    const standard = await specialist('Standard')
    const gated = await api('POST', '/companyEvent/organizer', {
      auth: standard.auth,
      body: body(email('a'), email('b'), {}, [3]),
    })
    expect(gated.status).toBe(403)
    const pro = await specialist('Pro')
    const missing = await api('POST', '/companyEvent/organizer', { auth: pro.auth, body: body(email('a'), email('b')) })
    expect(missing.status).toBe(400)
    expect(missing.body.apiErrors.map((e) => e.text).join()).toContain('Сначала подключите Яндекс Телемост')
    const noPoint = await api('POST', '/companyEvent/organizer', {
      auth: pro.auth,
      body: body(email('a'), email('b'), { videoLinkService: null }),
    })
    expect(noPoint.status).toBe(400)
    const owned = await db.select().from(meetings).where(eq(meetings.ownerId, pro.user.id))
    expect(owned).toHaveLength(0)
  })

  it('the page offers the option (badge below Pro) and creates a Telemost meeting without script', async () => {
    const standard = await createTestUser({ plan: 'Standard' })
    const offer = await (await pageClient(await sessionCookieFor(standard.id)).get(PATH)).text()
    expect(offer).toContain('data-testid="telemost-option"')
    expect(offer).toContain('data-testid="plan-badge-telemost"')

    const telemost = new FakeTelemost()
    const { user } = await specialist('Pro', telemost)
    const page = pageClient(await sessionCookieFor(user.id))
    const form = await (await page.get(PATH)).text()
    expect(form).toContain('data-testid="telemost-option"')
    expect(form).not.toContain('data-testid="plan-badge-telemost"')
    const invitee = email('page')
    const answer = await page.post(PATH, [
      ['date', instantToZoned('Europe/Moscow', Date.now() + 3 * DAY).date],
      ['timeZone', 'Europe/Moscow'],
      ['timeFrom', '12:00'],
      ['timeTo', '13:00'],
      ['inviteParticipant', 'participants'],
      ['participantType', 'SimpleNotCollective'],
      ['name', 'Созвон'],
      ['type', 'Online'],
      ['meetingPoint', ''],
      ['videoLinkService', 'telemost'],
      ['color', '#2f80ed'],
      ['reminders', '60'],
      ['newContacts.0.firstName', 'Анна'],
      ['newContacts.0.lastName', ''],
      ['newContacts.0.email', invitee],
      ['intent', 'create'],
    ])
    expect(answer.status).toBe(302)
    const id = decodeURIComponent((answer.headers.get('Location') ?? '').split('created=')[1])
    const [meeting] = await db.select().from(meetings).where(eq(meetings.id, id))
    expect(meeting).toMatchObject({ videoLinkService: 'telemost', meetingPoint: null })
    expect(await rowsOf('conference', [id])).toHaveLength(1)
  })
})

const PATH = '/meetings/one-time-event/create'
