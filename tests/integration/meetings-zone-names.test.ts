/** Issue 18: the meetings pages name the profile's zone as a person reads it, never by its IANA id. */
import { describe, expect, it } from 'vitest'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { pageClient, sessionCookieFor } from './helpers/users.ts'

const ENGLISH = 'lng=ImVuIg%3D%3D'
/** The page as read: React's text separators left out. */
const text = (html: string) => html.replaceAll('<!-- -->', '')

describe('meetings pages', () => {
  it('show the zone by its city name in the interface language, not its IANA id', async () => {
    const { host } = await createBookableHost({}, { timeZone: 'Asia/Yekaterinburg' })
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const booked = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: JSON.stringify({ contactInfo: contactInfo('zone-names'), slots: [{ start: slots[0].start }] }),
    })
    expect(booked.status).toBe(201)
    const { data } = (await booked.json()) as { data: { meetingIds: string[] } }
    const cookie = await sessionCookieFor(host.id)
    for (const path of ['/meetings', `/meetings/${data.meetingIds[0]}`]) {
      const ru = text(await (await pageClient(cookie).get(path)).text())
      expect(ru, path).toContain('(Екатеринбург)')
      expect(ru, path).not.toContain('(Asia/Yekaterinburg)')
      const en = text(await (await pageClient(`${cookie}; ${ENGLISH}`).get(path)).text())
      expect(en, path).toContain('(Yekaterinburg)')
    }
  })
})
