/**
 * Issue 17's small calls: `from` and `to` on GET /userEvents and GET /meetings (a date is the viewer's whole day, an
 * instant is exact; meetings starting in [from, to)), and a strict query there: an unknown or malformed parameter is
 * a translated 400, never ignored; `DELETE /unisenderGo` withdraws the mailing consent; `companyEventId` on the
 * organizer's slots frees the moved meeting's own time.
 */
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { meetings, users } from '#db/schema.ts'
import { api } from './helpers/accounts.ts'
import { api as publicApi, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser } from './helpers/users.ts'

type Page = { items: { userEventInfo?: { id: string }; meetingId?: string }[] }
const at = (iso: string) => Date.parse(iso)

describe('GET /userEvents and GET /meetings: from, to and a strict query', () => {
  it('filters by dates in the viewer’s zone and by instants, and refuses what it cannot read', async () => {
    const user = await createTestUser({ timeZone: 'Europe/Moscow' })
    const auth = await bearerFor(user.id)
    const person = [{ email: 'client-range@example.com', firstName: 'Анна' }]
    const noon = await createMeeting(user.id, { startAt: at('2030-03-10T09:00:00Z'), people: person })
    // 01:30 on the 11th in Moscow, still the 10th in UTC.
    const night = await createMeeting(user.id, { startAt: at('2030-03-10T22:30:00Z'), people: person })
    const later = await createMeeting(user.id, { startAt: at('2030-03-12T09:00:00Z'), people: person })
    const ids = async (query: string) => {
      const answer = await api<Page>('GET', `/userEvents?filter=upcoming&${query}`, { auth })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body.data.items.map((item) => item.userEventInfo?.id)
    }
    expect(await ids('from=2030-03-10&to=2030-03-10')).toEqual([noon.id])
    expect(await ids('from=2030-03-10&to=2030-03-10&timezone=Etc/UTC')).toEqual([noon.id, night.id])
    expect(await ids('from=2030-03-10T22:00:00Z')).toEqual([night.id, later.id])
    expect(await ids(`from=${encodeURIComponent('2030-03-11T01:00+03:00')}`)).toEqual([night.id, later.id])
    expect(await ids('from=2030-03-01&to=2030-03-12T09:00:00Z')).toEqual([noon.id, night.id])

    const refused = async (query: string, language = 'en') => {
      const answer = await api('GET', `/userEvents?${query}`, { auth, language })
      expect(answer.status, query).toBe(400)
      expect(answer.body.isOk).toBe(false)
      return answer.body.apiErrors.map((e) => e.text)
    }
    expect(await refused('from=2030-02-30')).toEqual(['from: Invalid date'])
    expect(await refused('to=2030-03-10T24:00:00Z')).toEqual(['to: Invalid date'])
    expect(await refused('from=10.03.2030')).toEqual(['from: Invalid date'])
    expect(await refused('from=2030-03-10T09:00:00')).toEqual(['from: Invalid date'])
    expect(await refused('from=2030-03-12&to=2030-03-10')).toEqual(['to: End must be later than start'])
    expect(await refused('form=2030-03-10')).toEqual(['Unknown parameter: form'])
    expect(await refused('form=1&sort=asc', 'ru')).toEqual(['Неизвестные параметры: form, sort'])
    expect(await refused('limit=ten')).toHaveLength(1)
    expect(await refused(`from=${'9'.repeat(5000)}`)).toHaveLength(1)
  })

  it('takes the same on the participant’s list', async () => {
    const host = await createTestUser()
    const me = await createTestUser({ timeZone: 'Etc/UTC' })
    const auth = await bearerFor(me.id)
    const person = [{ email: me.email, firstName: 'Я' }]
    const first = await createMeeting(host.id, { startAt: at('2030-04-01T10:00:00Z'), people: person })
    const second = await createMeeting(host.id, { startAt: at('2030-04-03T10:00:00Z'), people: person })
    const list = async (query: string) =>
      (await api<Page>('GET', `/meetings?filter=upcoming&${query}`, { auth })).body.data.items.map((i) => i.meetingId)
    expect(await list('')).toEqual([first.id, second.id])
    expect(await list('from=2030-04-01&to=2030-04-02')).toEqual([first.id])
    expect(await list('from=2030-04-03')).toEqual([second.id])
    const unknown = await api('GET', '/meetings?page=2', { auth, language: 'en' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.apiErrors).toEqual([{ text: 'Unknown parameter: page' }])
    expect((await api('GET', '/meetings?to=yesterday', { auth })).status).toBe(400)
  })
})

describe('DELETE /unisenderGo', () => {
  it('withdraws the consent to mailing, again and again, and only with a sign-in', async () => {
    const user = await createTestUser({ isConsentMailing: true })
    const auth = await bearerFor(user.id)
    const read = async () => (await getDb(env.DB).select().from(users).where(eq(users.id, user.id)))[0].isConsentMailing
    expect(await read()).toBe(true)
    expect((await api('DELETE', '/unisenderGo')).status).toBe(401)
    expect(await read()).toBe(true)
    const answer = await api('DELETE', '/unisenderGo', { auth })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ isOk: true, data: null, apiErrors: [] })
    expect(await read()).toBe(false)
    expect((await api('DELETE', '/unisenderGo', { auth })).status).toBe(200)
    // Answered under v3, where SPEC §7 names it.
    const v3 = await SELF.fetch('http://localhost/api/v3/unisenderGo', {
      method: 'DELETE',
      headers: { Authorization: auth },
    })
    expect(v3.status).toBe(200)
  })
})

describe('GET /eventTypes/{id}/slots with companyEventId', () => {
  it('shows the moved meeting’s own slot as free, and answers 404 for another specialist’s meeting', async () => {
    const { host, eventType } = await createBookableHost()
    const other = await createBookableHost()
    const auth = await bearerFor(host.id)
    const { slots, year, month, date } = await firstFreeSlot(host.login, 'consult')
    const booked = await publicApi(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: JSON.stringify({ contactInfo: contactInfo(`move-${host.login}`), slots: [{ start: slots[0].start }] }),
    })
    expect(booked.status).toBe(201)
    const [meeting] = await getDb(env.DB).select().from(meetings).where(eq(meetings.ownerId, host.id))
    const path = `/eventTypes/${eventType.id}/slots/${year}/${month}/${date}`
    const starts = async (query = '') => {
      const answer = await api<{ start: string; seatsLeft: number }[]>('GET', `${path}${query}`, { auth })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body.data.map((slot) => slot.start)
    }
    const plain = await starts()
    expect(plain).not.toContain(slots[0].start)
    const moving = await starts(`?companyEventId=${meeting.id}`)
    expect(moving).toContain(slots[0].start)
    expect(moving.filter((start) => start !== slots[0].start)).toEqual(plain)

    const { slots: otherSlots } = await firstFreeSlot(other.host.login, 'consult')
    await publicApi(`/public/${other.host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: JSON.stringify({
        contactInfo: contactInfo(`x-${other.host.login}`),
        slots: [{ start: otherSlots[0].start }],
      }),
    })
    const [theirs] = await getDb(env.DB).select().from(meetings).where(eq(meetings.ownerId, other.host.id))
    expect((await api('GET', `${path}?companyEventId=${theirs.id}`, { auth })).status).toBe(404)
    expect((await api('GET', `${path}?companyEventId=`, { auth })).status).toBe(400)
  })
})
