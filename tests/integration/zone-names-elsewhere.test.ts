/**
 * Issue 18, the rest of "a raw IANA id is never shown to a person": the schedules list, the one-time page `/booking`,
 * the guest's manage page, and the one-time invitation emails, which read in the recipient's zone (the invitee's own
 * when known, the specialist's profile zone for adjutants), not the meeting's.
 */
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { schedules } from '#db/schema.ts'
import { api as apiCall, lastEmailTo, unique } from './helpers/accounts.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { HOUR } from './helpers/meetings.ts'
import { bearerFor, createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'
import { oneTimeBody } from './helpers/one-time.ts'

const db = () => getDb(env.DB)
const IANA_ID = /\b(?:Africa|America|Asia|Atlantic|Australia|Europe|Etc|Indian|Pacific)\/[A-Za-z_]+/
const ENGLISH = 'lng=ImVuIg%3D%3D'
const text = (html: string) => html.replaceAll('<!-- -->', '')
/** The page's visible text (no attributes, scripts or embedded data, where IANA ids legitimately live). */
const visible = (html: string) =>
  text(html)
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
const email = (prefix: string) => `${unique(prefix)}@example.com`

describe('zone names where people read them', () => {
  it('the schedules list names each zone by its city in the interface language', async () => {
    const user = await createTestUser({ timeZone: 'Asia/Tokyo' })
    const cookie = await sessionCookieFor(user.id)
    const ru = await (await pageClient(cookie).get('/schedules')).text()
    const [schedule] = await db().select().from(schedules).where(eq(schedules.ownerId, user.id))
    expect(schedule.timeZone).toBe('Asia/Tokyo')
    expect(visible(ru)).toContain('Токио')
    expect(visible(ru)).not.toMatch(IANA_ID)
    const en = await (await pageClient(`${cookie}; ${ENGLISH}`).get('/schedules')).text()
    expect(visible(en)).toContain('Tokyo')
  })

  it("the manage page and its move picker name the guest's zone by its city", async () => {
    const { host } = await createBookableHost({}, { timeZone: 'Europe/Moscow' })
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const guestEmail = email('manage')
    const booked = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      headers: { timezone: 'Asia/Tokyo', 'Accept-Language': 'ru' },
      body: JSON.stringify({
        contactInfo: { ...contactInfo('m'), email: guestEmail },
        slots: [{ start: slots[0].start }],
      }),
    })
    expect(booked.status).toBe(201)
    const link = /\/booking\/manage\/[A-Za-z0-9_-]+/.exec((await lastEmailTo(guestEmail))?.text ?? '')?.[0]
    expect(link).toBeDefined()
    const page = await pageClient().get(`${link}?lang=ru`)
    expect(page.status).toBe(200)
    const html = visible(await page.text())
    expect(html).toContain('(Токио)')
    expect(html).not.toMatch(IANA_ID)
  })

  it('/booking names the zone by its city; invitations read in each recipient’s zone', async () => {
    const owner = await createTestUser({ plan: 'Pro', timeZone: 'Asia/Yekaterinburg', culture: 'ru' })
    const auth = await bearerFor(owner.id)
    const tokyo = await createTestUser({ timeZone: 'Asia/Tokyo', email: email('tokyo') })
    const stranger = email('stranger')
    const adjutant = email('adjutant')
    const start = Math.ceil((Date.now() + 3 * 24 * HOUR) / HOUR) * HOUR
    const created = await apiCall<{ id: string; links: string[] }>('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody(
        {
          contacts: [
            { firstName: 'Кэн', lastName: '', email: tokyo.email, phone: '' },
            { firstName: 'Вера', lastName: '', email: stranger, phone: '' },
          ],
          adjutantEmails: [adjutant],
        },
        { name: 'Разбор', description: '' },
        start,
      ),
    })
    expect(created.status).toBe(201)
    const city = async (to: string) => /\(([^)]+)\)/.exec((await lastEmailTo(to))?.text ?? '')?.[1]
    // The invitee with an account reads their profile's zone, the unknown one the meeting's, the adjutant the
    // specialist's profile zone; none reads an IANA id.
    expect(await city(tokyo.email)).toBe('Токио')
    expect(await city(stranger)).toBe('Москва')
    expect(await city(adjutant)).toBe('Екатеринбург')
    for (const to of [tokyo.email, stranger, adjutant]) expect((await lastEmailTo(to))?.text).not.toMatch(IANA_ID)

    const path = new URL(created.body.data.links[0]).pathname + new URL(created.body.data.links[0]).search
    const ru = visible(await (await pageClient().get(`${path}&lang=ru`)).text())
    expect(ru).toContain('(Москва)')
    expect(ru).not.toMatch(IANA_ID)
    // A guest who chose their zone on a public page reads the meeting in it.
    const chosen = visible(await (await pageClient('tz=Asia%2FTokyo').get(`${path}&lang=en`)).text())
    expect(chosen).toContain('(Tokyo)')
  })
})
