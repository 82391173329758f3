/**
 * Issue 18 "Time and language": the booking emails read in each person's zone (the specialist's profile zone, not
 * the schedule's; the guest's own), write each time one way with the zone's city, name both slots of a two-slot
 * booking, and carry an HTML part beside the text. No raw IANA id reaches a person.
 */
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { notifications, outbox } from '#db/schema.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'

const db = () => getDb(env.DB)
const IANA_ID = /\b(?:Africa|America|Asia|Atlantic|Australia|Europe|Etc|Indian|Pacific)\/[A-Za-z_]+/
const WEEKDAY_RU = /^(пн|вт|ср|чт|пт|сб|вс)$/
const WEEKDAY_EN = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)$/

async function bookTwoSlots(hostUser: Parameters<typeof createBookableHost>[1], client: Record<string, string>) {
  const { host } = await createBookableHost({}, hostUser)
  const free = await firstFreeSlot(host.login, 'consult')
  // 09:00 and 10:00 UTC of a day with free time (the schedule works 09:00-18:00 UTC).
  const starts = [free.slots[0].start, free.slots[2].start]
  const email = `tz-${crypto.randomUUID().slice(0, 8)}@example.com`
  const response = await api(`/public/${host.login}/eventTypes/consult/events`, {
    method: 'POST',
    headers: client,
    body: JSON.stringify({ contactInfo: { ...contactInfo(), email }, slots: starts.map((start) => ({ start })) }),
  })
  expect(response.status).toBe(201)
  const mails = await db().select().from(outbox).where(eq(outbox.channel, 'email'))
  const toClient = mails.find((m) => m.recipient === email)
  const toHost = mails.find((m) => m.recipient === host.email)
  expect(toClient).toBeDefined()
  expect(toHost).toBeDefined()
  return { host, day: free.day, toClient: toClient!, toHost: toHost! }
}

/** "пт, 27.11.2026, 14:00–14:30 (Екатеринбург)": the weekday, the date and the range with the city. */
function whenParts(text: string, time: string, city: string) {
  const match = new RegExp(`([^\\s,]+), (\\d{2}\\.\\d{2}\\.\\d{4}), ${time} \\(${city}\\)`).exec(text)
  return match ? { weekday: match[1], date: match[2] } : null
}

describe('booking emails: one zone per person, one way to write a time', () => {
  it("the specialist reads the new booking in their profile's zone and language, with both slots, text and HTML", async () => {
    const { day, toHost } = await bookTwoSlots(
      { timeZone: 'Asia/Yekaterinburg', culture: 'ru' },
      { 'Accept-Language': 'en', timezone: 'Asia/Tokyo' },
    )
    // The schedule is in UTC (09:00, 10:00); the profile in Yekaterinburg (UTC+5).
    for (const range of ['14:00–14:30', '15:00–15:30']) {
      const parts = whenParts(toHost.text, range, 'Екатеринбург')
      expect(parts, range).toEqual({ weekday: expect.stringMatching(WEEKDAY_RU), date: day })
      expect(toHost.html).toContain(`${parts?.weekday}, ${day}, ${range} (Екатеринбург)`)
    }
    expect(toHost.text).not.toContain('09:00')
    expect(toHost.html).toMatch(/^<!doctype html>/)
    expect(toHost.html).toContain('<li>')
    for (const part of [toHost.subject, toHost.text, toHost.html ?? '']) expect(part).not.toMatch(IANA_ID)
  })

  it('the guest reads both slots in their zone and language, each with its own manage button', async () => {
    const { day, toClient } = await bookTwoSlots(
      { timeZone: 'Europe/Moscow', culture: 'ru' },
      { 'Accept-Language': 'en', timezone: 'Asia/Tokyo' },
    )
    for (const range of ['18:00–18:30', '19:00–19:30']) {
      const parts = whenParts(toClient.text, range, 'Tokyo')
      expect(parts, range).toEqual({ weekday: expect.stringMatching(WEEKDAY_EN), date: day })
      expect(toClient.html).toContain(`${parts?.weekday}, ${day}, ${range} (Tokyo)`)
    }
    expect(toClient.subject).toMatch(
      /^You are booked: Consultation, \w{3}, \d{2}\.\d{2}\.\d{4}, 18:00–18:30 \(Tokyo\)$/,
    )
    const buttons = toClient.html?.match(
      /<a href="http:\/\/localhost:8787\/booking\/manage\/[^"]+"[^>]*>Cancel or move<\/a>/g,
    )
    expect(buttons).toHaveLength(2)
    for (const part of [toClient.subject, toClient.text, toClient.html ?? '']) expect(part).not.toMatch(IANA_ID)
  })

  it('writes a zone given as hours from UTC as UTC±N, and the notice in the profile zone and language', async () => {
    const { host, toClient } = await bookTwoSlots(
      { timeZone: 'America/New_York', culture: 'en' },
      { 'Accept-Language': 'ru', timezone: '3' },
    )
    expect(toClient.text).toContain('12:00–12:30 (UTC+3)')
    expect(toClient.text).toContain('Здравствуйте')
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, host.id), eq(notifications.actionName, 'openEventOrganizer')))
    expect(notice.title).toMatch(/^New booking/)
    expect(notice.body).toMatch(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2}\.\d{2}\.\d{4}, 0[45]:00–0[45]:30 \(New York\)/)
    expect(notice.body).not.toMatch(IANA_ID)
  })
})
