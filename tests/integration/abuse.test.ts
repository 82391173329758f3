/**
 * Issue 19, abuse and edge cases: what a black-box probe found, each fixed with a test that failed before the fix.
 */
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { contacts, eventTypes } from '#db/schema.ts'
import { eventNameKey } from '#app/domain/event-types/link.ts'
import { eventTypeSchema } from '#app/domain/event-types/schema.ts'
import type { IsoDate } from '#app/domain/time/index.ts'
import { addContact } from '#app/server/contacts/contacts.server.ts'
import { createEventType } from '#app/server/event-types/event-types.server.ts'
import { Refused } from '#app/server/refusal.server.ts'
import { apiSpecialist } from './helpers/api.ts'
import { lastEmailTo, unique } from './helpers/accounts.ts'
import { DAY, HOUR, createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)

function newContact(email: string) {
  return {
    firstName: 'Ира',
    lastName: null,
    email,
    phone: null,
    messengerType: null,
    messengerValue: null,
    customField: null,
  }
}

function eventTypeBase(scheduleId: string) {
  return {
    color: '#2f80ed',
    eventTypePlaceType: 'Online',
    meetingPoint: 'https://telemost.yandex.ru/j/1',
    durationInMinutes: 30,
    stepValue: 30,
    remindersInMinutes: [60],
    scheduleId,
  }
}
const texts = (answer: { body: { apiErrors: { text: string }[] } }) => answer.body.apiErrors.map((error) => error.text)

describe('concurrent duplicates answer the translated 400 of the check, never 500', () => {
  it('three simultaneous POST /contacts with one email: one 201 and two 400s', async () => {
    const { user, call } = await apiSpecialist('Standard')
    const email = `${unique('dup')}@example.com`
    const answers = await Promise.all(
      [0, 1, 2].map(() => call('POST', '/contacts', { firstName: 'Ира', email }, { 'Accept-Language': 'en' })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400])
    for (const answer of answers.filter((answer) => answer.status === 400))
      expect(texts(answer)).toEqual(['email: A contact with this email already exists'])
    const rows = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, user.id), eq(contacts.email, email)))
    expect(rows).toHaveLength(1)
  })

  it('simultaneous adds of one contact (pages and API share addContact): one added, the rest the same 400', async () => {
    const { user } = await apiSpecialist('Standard')
    const email = `${unique('dup')}@example.com`
    const now = Date.now()
    const outcomes = await Promise.allSettled([0, 1, 2].map(() => addContact(db(), user.id, newContact(email), now)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) {
      expect(outcome.reason).toBeInstanceOf(Refused)
      expect(outcome.reason.status).toBe(400)
      expect(outcome.reason.refusal).toEqual({ code: 'contactEmailTaken', field: 'email' })
    }
    const rows = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, user.id), eq(contacts.email, email)))
    expect(rows).toHaveLength(1)
  })

  it('the contacts page refuses a repeated email with the translated text, not a 500', async () => {
    const { user } = await apiSpecialist('Standard')
    const page = pageClient(await sessionCookieFor(user.id))
    const email = `${unique('dup')}@example.com`
    const answers = await Promise.all(
      [0, 1, 2].map(() => page.post('/contacts', { intent: 'add', firstName: 'Ира', lastName: '', email })),
    )
    expect(answers.map((answer) => answer.status).filter((status) => status >= 500)).toEqual([])
    const rows = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, user.id), eq(contacts.email, email)))
    expect(rows).toHaveLength(1)
  })

  it('three simultaneous POST /eventTypes with one name: one 201 and two 400s', async () => {
    const { user, call } = await apiSpecialist('Pro')
    const [schedule] = (await call('GET', '/schedule')).body.data
    const body = (i: number) => ({
      name: 'Консультация',
      link: `consult-${i}`,
      ...eventTypeBase(schedule.id),
    })
    const answers = await Promise.all([0, 1, 2].map((i) => call('POST', '/eventTypes', body(i))))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400])
    const sequential = await call('POST', '/eventTypes', body(9))
    for (const answer of answers.filter((answer) => answer.status === 400))
      expect(texts(answer)).toEqual(texts(sequential))
    expect(texts(sequential)).toEqual(['name: Тип события с таким названием уже есть'])
    expect(await db().select().from(eventTypes).where(eq(eventTypes.ownerId, user.id))).toHaveLength(1)
  })

  it('simultaneous saves of one name (pages and API share createEventType): one saved, the rest the same 400', async () => {
    const { user, call } = await apiSpecialist('Pro')
    const [schedule] = (await call('GET', '/schedule')).body.data
    const owner = { id: user.id, plan: 'Pro' as const, timeZone: 'Europe/Moscow' }
    const schema = eventTypeSchema({ today: '2026-01-01' as IsoDate })
    // Names differing only in case, Cyrillic included, are one name; each save has its own link.
    const names = ['Разбор портфолио', 'РАЗБОР ПОРТФОЛИО', 'разбор Портфолио']
    const inputs = names.map((name, i) => schema.parse({ name, link: `review-${i}`, ...eventTypeBase(schedule.id) }))
    const outcomes = await Promise.allSettled(inputs.map((input) => createEventType(db(), owner, input)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) {
      expect(outcome.reason).toBeInstanceOf(Refused)
      expect(outcome.reason.status).toBe(400)
      expect(outcome.reason.refusal).toEqual({ code: 'eventTypeNameTaken', field: 'name' })
    }
    expect(await db().select().from(eventTypes).where(eq(eventTypes.ownerId, user.id))).toHaveLength(1)
  })

  it('the database itself refuses a second name that differs only in case', async () => {
    const { call } = await apiSpecialist('Pro')
    const [schedule] = (await call('GET', '/schedule')).body.data
    const created = await call('POST', '/eventTypes', { name: 'Ёлка', link: 'yolka', ...eventTypeBase(schedule.id) })
    expect(created.status).toBe(201)
    const [row] = await db().select().from(eventTypes).where(eq(eventTypes.id, created.body.data.id))
    const copy = { ...row, id: `${row.id}x`, name: 'ЁЛКА', link: 'yolka-2', nameKey: eventNameKey('ЁЛКА') }
    await expect(db().insert(eventTypes).values(copy)).rejects.toThrow()
  })
})

describe('pages validate the numbers of their query like the API does', () => {
  const huge = ['9223372036854775807', '-9223372036854775809', '1e400', '99999999999999999999999', 'NaN', '0x10', '-1']

  it('no signed-in page answers 500 to an out-of-range number: it shows the first page', async () => {
    const { user } = await apiSpecialist('Pro')
    const page = pageClient(await sessionCookieFor(user.id))
    const paths = huge.flatMap((n) => [
      `/contacts?offset=${n}`,
      `/eventTypes?page=${n}`,
      `/notification-center?limit=${n}`,
      `/meetings?limit=${n}`,
      `/meetings?view=list&filter=upcoming&limit=${n}`,
      `/meetings?view=calendar&year=${n}&month=${n}`,
      `/meetings?view=calendar&year=2026&month=${n}`,
      `/schedules?page=${n}`,
    ])
    const failed: string[] = []
    for (const path of paths) {
      const answer = await page.get(path)
      if (answer.status >= 500) failed.push(`${path} ${answer.status}`)
    }
    expect(failed).toEqual([])
  }, 120_000)

  it('an out-of-range offset on the contacts page lists the first page', async () => {
    const { user } = await apiSpecialist('Standard')
    const email = `${unique('first')}@example.com`
    await addContact(db(), user.id, newContact(email), Date.now())
    const answer = await pageClient(await sessionCookieFor(user.id)).get('/contacts?offset=9223372036854775807')
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain(email)
  })
})

describe('links in emails come from APP_URL, never the request Host', () => {
  async function invitedContact() {
    const { user, call } = await apiSpecialist('Pro')
    const address = `${unique('invite')}@example.com`
    const { id } = await addContact(db(), user.id, newContact(address), Date.now())
    return { user, call, address, id, cookie: await sessionCookieFor(user.id), auth: await bearerFor(user.id) }
  }

  it('the API invitation (Host: evil.example) links to APP_URL', async () => {
    const { user, address, id, auth } = await invitedContact()
    const answer = await SELF.fetch('http://evil.example/api/v2/contacts/invitation', {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json', Host: 'evil.example' },
      body: JSON.stringify({ contactIds: [id] }),
    })
    expect(answer.status).toBe(200)
    const email = await lastEmailTo(address)
    expect(email?.text).toContain(`http://localhost:8787/user/${user.login}`)
    expect(`${email?.text}${email?.html}`).not.toContain('evil.example')
  })

  it('the page invitation (Host: evil.example) links to APP_URL', async () => {
    const { user, address, id, cookie } = await invitedContact()
    const answer = await SELF.fetch('http://evil.example/contacts', {
      method: 'POST',
      headers: {
        Cookie: cookie,
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'http://evil.example',
        Host: 'evil.example',
      },
      body: new URLSearchParams({ intent: 'invite', contactIds: id }),
      redirect: 'manual',
    })
    expect(answer.status).toBeLessThan(400)
    const email = await lastEmailTo(address)
    expect(email?.text).toContain(`http://localhost:8787/user/${user.login}`)
    expect(`${email?.text}${email?.html}`).not.toContain('evil.example')
  })
})

describe('Cache-Control on personal answers', () => {
  it('signed-in pages and API answers are private, no-store; an anonymous landing page is not marked', async () => {
    const { user } = await apiSpecialist('Pro')
    const page = pageClient(await sessionCookieFor(user.id))
    for (const path of ['/contacts', '/meetings', '/profile']) {
      const answer = await page.get(path)
      expect(answer.status, path).toBe(200)
      expect(answer.headers.get('Cache-Control'), path).toBe('private, no-store')
    }
    const profile = await SELF.fetch('http://localhost/api/v2/profile', {
      headers: { Authorization: await bearerFor(user.id) },
    })
    expect(profile.status).toBe(200)
    expect(profile.headers.get('Cache-Control')).toBe('private, no-store')
    const landing = await SELF.fetch('http://localhost/')
    expect(landing.headers.get('Cache-Control')).toBeNull()
  })
})

describe("busy-time probing: only the caller's own calendar and the caller's own contacts", () => {
  it("another account's meetings are never revealed through isCross, cross or isFree", async () => {
    const prober = await apiSpecialist('Pro')
    const victim = await createTestUser({ email: `${unique('victim')}@example.com` })
    const start = Math.ceil((Date.now() + 5 * DAY) / HOUR) * HOUR
    await createMeeting(victim.id, { startAt: start, people: [] })
    const from = encodeURIComponent(new Date(start).toISOString())
    const to = encodeURIComponent(new Date(start + HOUR).toISOString())
    const asked = encodeURIComponent(victim.email)
    const probe = async () => ({
      cross: (await prober.call('GET', `/userEvents/cross?from=${from}&to=${to}&emails=${asked}`)).body.data,
      isCross: (await prober.call('GET', `/userEvents/isCross?from=${from}&to=${to}&emails=${asked}`)).body.data,
      isFree: (await prober.call('GET', `/companyEvent/organizer/isFree?email=${asked}&from=${from}&to=${to}`)).body
        .data,
    })
    const stranger = {
      cross: { isCross: false, overlaps: [], busyEmails: [] },
      isCross: { isCross: false },
      isFree: { isFree: true },
    }
    expect(await probe()).toEqual(stranger)
    // Adding the email as a contact by hand reveals nothing either.
    await addContact(db(), prober.user.id, newContact(victim.email), Date.now())
    expect(await probe()).toEqual(stranger)
  })

  it('a contact who met the caller is busy while hosting their own meeting (the one-time form asks "Add anyway?")', async () => {
    const organizer = await apiSpecialist('Pro')
    const host = await createTestUser({ email: `${unique('host')}@example.com` })
    // The host was once the organizer's client: a real contact.
    await createMeeting(organizer.user.id, {
      startAt: Date.now() - 3 * DAY,
      people: [{ email: host.email, firstName: 'Хост' }],
    })
    const start = Math.ceil((Date.now() + 5 * DAY) / HOUR) * HOUR
    await createMeeting(host.id, { startAt: start, people: [] })
    const from = encodeURIComponent(new Date(start).toISOString())
    const to = encodeURIComponent(new Date(start + HOUR).toISOString())
    const asked = encodeURIComponent(host.email)
    const free = await organizer.call('GET', `/companyEvent/organizer/isFree?email=${asked}&from=${from}&to=${to}`)
    expect(free.body.data).toEqual({ isFree: false })
    const cross = await organizer.call('GET', `/userEvents/cross?from=${from}&to=${to}&emails=${asked}`)
    expect(cross.body.data).toMatchObject({ isCross: true, busyEmails: [host.email] })
  })
})
