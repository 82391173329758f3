/**
 * The waitlist of a full group slot (issue 20, docs/decisions/0108-waitlist.md): join only a full slot, once per email,
 * with translated refusals; a cancel offers the freed seat to the first in line at once (held for them); the minute's
 * cron passes a lapsed offer to the next; the emailed link shows on GET and books on POST; the organizer sees and
 * removes entries; a race of the offered client and many bookers never overbooks.
 */
import { SELF, createExecutionContext, createScheduledController } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { WAITLIST_OFFER_MINUTES } from '#app/domain/constants.ts'
import { runCommand } from '#app/server/booking/host-lock-client.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { meetingParticipants, meetings, waitlistEntries } from '#db/schema.ts'
import worker from '#workers/app.ts'
import { lastEmailTo } from './helpers/accounts.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)
const MIN = 60_000

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`http://localhost${path}`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(fields),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost',
      'X-Forwarded-Host': 'localhost',
      'Accept-Language': 'en',
      'CF-Connecting-IP': `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...headers,
    },
  })
}

/** A Pro host's 2-seat group type with its first free slot of next month booked full (two clients). */
async function fullSlot(seats = 2) {
  const { host, eventType } = await createBookableHost(
    { participantType: 'GroupNotCollective', minSeats: 1, totalSeats: seats },
    { plan: 'Pro' },
  )
  const first = await firstFreeSlot(host.login, 'consult')
  const slot = first.slots[0]
  for (let i = 0; i < seats; i++) {
    const booked = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: JSON.stringify({ contactInfo: contactInfo(`${host.login}-booked${i}`), slots: [{ start: slot.start }] }),
    })
    expect(booked.status).toBe(201)
  }
  const start = Date.parse(slot.start)
  const path = `/user/${host.login}/event/consult`
  return { host, eventType, start, path, first, joinPath: `${path}?tz=Etc/UTC&waitlist=${start}` }
}

const joinFields = (start: number, email: string) => ({
  intent: 'joinWaitlist',
  start: String(start),
  firstName: 'Olga',
  email,
})

async function join(setup: Awaited<ReturnType<typeof fullSlot>>, email: string) {
  const response = await post(setup.joinPath, joinFields(setup.start, email))
  return { status: response.status, html: await response.text() }
}

function linkOf(text: string) {
  const match = /\/waitlist\/([A-Za-z0-9_.-]+)\?lang=(ru|en)/.exec(text)
  if (!match) throw new Error(`No waitlist link in: ${text}`)
  return `/waitlist/${match[1]}?lang=${match[2]}`
}

async function entryOf(email: string) {
  const [row] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.email, email))
  return row
}

/** The organizer cancels one booked client of the slot (the host's object then offers the seat). */
async function cancelOne(setup: Awaited<ReturnType<typeof fullSlot>>, index = 0) {
  const [p] = await db()
    .select({ id: meetingParticipants.id, meetingId: meetingParticipants.meetingId })
    .from(meetingParticipants)
    .where(eq(meetingParticipants.email, `client${setup.host.login}-booked${index}@example.com`))
  const result = await runCommand(env, {
    kind: 'cancel',
    ownerId: setup.host.id,
    meetingId: p.meetingId,
    participantIds: [p.id],
  })
  expect(result.ok).toBe(true)
  return p.meetingId
}

async function cron(at: number) {
  const controller = createScheduledController({ scheduledTime: at, cron: '* * * * *' })
  await worker.scheduled(controller, env, createExecutionContext())
}

async function seatsBooked(meetingId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(meetingParticipants)
    .where(and(eq(meetingParticipants.meetingId, meetingId), eq(meetingParticipants.status, 'booked')))
  return row.n
}

describe('waitlist', { timeout: 120_000 }, () => {
  it('a full slot offers its waitlist on the page (also the day answer); a free one does not', async () => {
    const setup = await fullSlot()
    const day = `${setup.path}?tz=Etc/UTC&month=${setup.first.year}-${String(setup.first.month).padStart(2, '0')}&date=${new Date(setup.start).toISOString().slice(0, 10)}`
    const html = await (await SELF.fetch(`http://localhost${day}`, { headers: { 'Accept-Language': 'en' } })).text()
    expect(html).toContain('data-testid="waitlist-slots"')
    expect(html).toContain(`waitlist=${setup.start}`)
    const date = new Date(setup.start).toISOString().slice(0, 10)
    const answer = (await (
      await SELF.fetch(
        `http://localhost/booking/calendar/${setup.host.login}/consult?tz=Etc/UTC&month=${date.slice(0, 7)}&date=${date}&part=day`,
      )
    ).json()) as { full: { start: number }[]; slots: { start: number }[] }
    expect(answer.full.map((s) => s.start)).toEqual([setup.start])
    expect(answer.slots.map((s) => s.start)).not.toContain(setup.start)
    const step = await (await SELF.fetch(`http://localhost${setup.joinPath}`)).text()
    expect(step).toContain('data-testid="waitlist-form"')
    // Another slot of the day still has seats: its waitlist step says so and has no form.
    const free = setup.first.slots[1]
    const other = await (
      await SELF.fetch(`http://localhost${setup.path}?tz=Etc/UTC&waitlist=${Date.parse(free.start)}`)
    ).text()
    expect(other).toContain('data-testid="waitlist-gone"')
    expect(other).not.toContain('data-testid="waitlist-form"')
  })

  it('joins a full slot once per email, with an email and a translated confirmation; refuses a free slot', async () => {
    const setup = await fullSlot()
    const email = `${setup.host.login}-w1@example.com`
    const joined = await join(setup, email)
    expect(joined.status).toBe(200)
    expect(joined.html).toContain(`You are on the waitlist. We have sent a confirmation to ${email}.`)
    const mail = await lastEmailTo(email)
    expect(mail?.subject).toBe('You are on the waitlist: Consultation')
    expect(mail?.text).toContain('Hello, Olga!')
    const link = linkOf(mail?.text ?? '')
    // The same email again: refused with the translated text, nothing added.
    const again = await join(setup, email)
    expect(again.status).toBe(409)
    expect(again.html).toContain('This email is already on the waitlist for this time')
    const rows = await db().select().from(waitlistEntries).where(eq(waitlistEntries.email, email))
    expect(rows).toHaveLength(1)
    // An email already booked in the slot is refused too; bad input is a field error.
    const booked = await join(setup, `client${setup.host.login}-booked0@example.com`)
    expect(booked.status).toBe(409)
    const bad = await join(setup, 'not-an-email')
    expect(bad.status).toBe(400)
    // A slot with a free seat has no waitlist.
    const free = Date.parse(setup.first.slots[1].start)
    const refused = await post(
      `${setup.path}?tz=Etc/UTC&waitlist=${free}`,
      joinFields(free, `${setup.host.login}-w9@example.com`),
    )
    expect(refused.status).toBe(409)
    expect(await refused.text()).toContain('This time still has free seats or can no longer be booked')
    // The link shows the entry (GET changes nothing); a forged one is 404.
    const page = await (await SELF.fetch(`http://localhost${link}`)).text()
    expect(page).toContain('data-status="waiting"')
    expect((await SELF.fetch(`http://localhost${link.replace(/\.[^.?]+\?/, '.forged?')}`)).status).toBe(404)
    // The guest leaves by the link's form.
    const left = await post(link, { intent: 'leave' })
    expect(left.status).toBe(302)
    expect((await entryOf(email)).status).toBe('left')
  })

  it('a cancel offers the seat to the first in line at once (held: the slot stays full); the link books on POST only', async () => {
    const setup = await fullSlot()
    const first = `${setup.host.login}-a@example.com`
    const second = `${setup.host.login}-b@example.com`
    expect((await join(setup, first)).status).toBe(200)
    expect((await join(setup, second)).status).toBe(200)
    const meetingId = await cancelOne(setup)
    const offered = await entryOf(first)
    expect(offered.status).toBe('offered')
    expect(offered.offerExpiresAt! - offered.offeredAt!).toBe(WAITLIST_OFFER_MINUTES * MIN)
    expect((await entryOf(second)).status).toBe('waiting')
    const mail = await lastEmailTo(first)
    expect(mail?.subject).toBe('A seat is free: Consultation')
    // The held seat is taken for everyone else.
    const other = await api(`/public/${setup.host.login}/eventTypes/consult/events`, {
      method: 'POST',
      headers: { 'Accept-Language': 'en' },
      body: JSON.stringify({
        contactInfo: contactInfo(`${setup.host.login}-other`),
        slots: [{ start: new Date(setup.start).toISOString() }],
      }),
    })
    expect(other.status).toBe(409)
    // The organizer sees the line on the meeting page.
    const cookie = await sessionCookieFor(setup.host.id)
    const meetingPage = await (
      await SELF.fetch(`http://localhost/meetings/${meetingId}`, { headers: { Cookie: cookie } })
    ).text()
    expect(meetingPage).toContain(first)
    expect(meetingPage).toContain(second)
    // GET of the link books nothing; POST books the seat and lands on the success step.
    const link = linkOf(mail?.text ?? '')
    const shown = await (await SELF.fetch(`http://localhost${link}`)).text()
    expect(shown).toContain('data-testid="waitlist-book"')
    expect(await seatsBooked(meetingId)).toBe(1)
    const booked = await post(link, { intent: 'book' })
    expect(booked.status).toBe(302)
    expect(booked.headers.get('Location')).toMatch(new RegExp(`^${setup.path}\\?booking=`))
    expect(await seatsBooked(meetingId)).toBe(2)
    expect((await entryOf(first)).status).toBe('booked')
    const confirmation = await lastEmailTo(first)
    expect(confirmation?.subject).not.toBe('A seat is free: Consultation')
    // Booking again through the same link is refused with the translated text.
    const twice = await post(link, { intent: 'book' })
    expect(twice.status).toBe(409)
    expect(await twice.text()).toContain('No seat is offered to you right now')
  })

  it('a lapsed offer passes to the next in line through the cron (simulated clock); the organizer removes an entry', async () => {
    const setup = await fullSlot()
    const [a, b, c] = ['a', 'b', 'c'].map((n) => `${setup.host.login}-${n}@example.com`)
    for (const email of [a, b, c]) expect((await join(setup, email)).status).toBe(200)
    const meetingId = await cancelOne(setup)
    const offeredAt = (await entryOf(a)).offeredAt!
    // Before the offer lapses the cron changes nothing.
    await cron(offeredAt + 10 * MIN)
    expect([(await entryOf(a)).status, (await entryOf(b)).status]).toEqual(['offered', 'waiting'])
    // Past it: a's offer expires, b is offered (as of the cron's time), and b's offer email is sent.
    const later = offeredAt + (WAITLIST_OFFER_MINUTES + 1) * MIN
    await cron(later)
    expect((await entryOf(a)).status).toBe('expired')
    const bEntry = await entryOf(b)
    expect(bEntry.status).toBe('offered')
    expect(bEntry.offerExpiresAt).toBe(later + WAITLIST_OFFER_MINUTES * MIN)
    const bMail = await lastEmailTo(b)
    expect(bMail?.subject).toBe('A seat is free: Consultation')
    expect(bMail?.status).toBe('sent')
    // a's link now says the offer has expired and books nothing.
    const aLink = linkOf((await lastEmailTo(a))?.text ?? '')
    const late = await post(aLink, { intent: 'book' })
    expect(late.status).toBe(409)
    expect(await late.text()).toContain('The offer has expired')
    // The organizer removes b (offered): the kept seat goes to c at once.
    const cookie = await sessionCookieFor(setup.host.id)
    const removed = await post(
      `/meetings/${meetingId}`,
      { intent: 'removeWaitlistEntry', entryId: bEntry.id },
      { Cookie: cookie },
    )
    expect(removed.status).toBe(200)
    expect((await entryOf(b)).status).toBe('removed')
    expect((await entryOf(c)).status).toBe('offered')
    // Another organizer cannot reach this entry (404), and nothing changes.
    const stranger = await createBookableHost({ link: 'other' })
    const foreign = await post(
      `/meetings/${meetingId}`,
      { intent: 'removeWaitlistEntry', entryId: (await entryOf(c)).id },
      { Cookie: await sessionCookieFor(stranger.host.id) },
    )
    expect(foreign.status).toBe(404)
    expect((await entryOf(c)).status).toBe('offered')
    expect(await seatsBooked(meetingId)).toBe(1)
  })

  it('race: the offered client and 24 concurrent bookers on the one freed seat: exactly one wins, never overbooked', async () => {
    const setup = await fullSlot()
    const waiting = `${setup.host.login}-race@example.com`
    expect((await join(setup, waiting)).status).toBe(200)
    const meetingId = await cancelOne(setup)
    const link = linkOf((await lastEmailTo(waiting))?.text ?? '')
    const iso = new Date(setup.start).toISOString()
    const [offered, ...others] = await Promise.all([
      post(link, { intent: 'book' }),
      ...Array.from({ length: 24 }, (_, i) =>
        api(`/public/${setup.host.login}/eventTypes/consult/events`, {
          method: 'POST',
          ip: `198.18.0.${i + 1}`,
          body: JSON.stringify({ contactInfo: contactInfo(`${setup.host.login}-r${i}`), slots: [{ start: iso }] }),
        }),
      ),
    ])
    expect(offered.status).toBe(302)
    expect(others.map((r) => r.status)).toEqual(others.map(() => 409))
    await Promise.all(others.map((r) => r.arrayBuffer()))
    expect(await seatsBooked(meetingId)).toBe(2)
    const [m] = await db().select({ n: count() }).from(meetings).where(eq(meetings.ownerId, setup.host.id))
    expect(m.n).toBe(1)
  })
})
