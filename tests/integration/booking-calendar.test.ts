import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createBookableHost } from './helpers/booking.ts'

const get = (path: string, init: RequestInit = {}) => SELF.fetch(`http://localhost${path}`, init)

type Slot = { start: number; from: string; to: string; seatsLeft: number }

function nextMonth() {
  const now = new Date()
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`
}

describe('the event page calendar resource (/booking/calendar/{login}/{eventLink})', () => {
  it("answers a month's free days and first free day's slots, or one day's slots, with public data only", async () => {
    const { host } = await createBookableHost({ description: 'secret-ish description' })
    const month = nextMonth()
    const response = await get(`/booking/calendar/${host.login}/consult?tz=Etc/UTC&month=${month}&part=month`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toContain('application/json')
    const text = await response.text()
    // Nothing of the owner beyond times: no ids, email, names or descriptions.
    for (const leak of [host.id, host.email, host.login, 'secret-ish', 'Consultation']) expect(text).not.toContain(leak)
    const answer = JSON.parse(text) as {
      part: string
      key: string
      calendar: { year: number; month: number; days: string[]; date: string; slots: Slot[] }
    }
    expect(answer.part).toBe('month')
    expect(answer.key).toBe(`${month}|`)
    expect(`${answer.calendar.year}-${String(answer.calendar.month).padStart(2, '0')}`).toBe(month)
    // Every day of next month has 09:00-18:00 UTC free: 18 half-hour slots on the first one.
    expect(answer.calendar.days[0]).toBe(`${month}-01`)
    expect(answer.calendar.date).toBe(`${month}-01`)
    expect(answer.calendar.slots).toHaveLength(18)
    expect(answer.calendar.slots[0]).toMatchObject({ from: '09:00', to: '09:30', seatsLeft: 1 })

    // The same month in another zone shifts the times.
    const moscow = (await (
      await get(`/booking/calendar/${host.login}/consult?tz=Europe/Moscow&month=${month}&date=${month}-02`)
    ).json()) as { calendar: { date: string; slots: Slot[] } }
    expect(moscow.calendar.date).toBe(`${month}-02`)
    expect(moscow.calendar.slots[0].from).toBe('12:00')

    const day = (await (
      await get(`/booking/calendar/${host.login}/consult?tz=Etc/UTC&month=${month}&date=${month}-03&part=day`)
    ).json()) as { part: string; key: string; date: string; slots: Slot[]; calendar?: unknown }
    expect(day).toMatchObject({ part: 'day', key: `${month}|${month}-03`, date: `${month}-03` })
    expect(day.calendar).toBeUndefined()
    expect(day.slots).toHaveLength(18)
    expect(day.slots.at(-1)).toMatchObject({ from: '17:30', to: '18:00' })
  })

  it('refuses bad parameters with a translated 400 and unknown or disabled event types with 404', async () => {
    const { host } = await createBookableHost()
    const disabled = await createBookableHost({ isActive: false })
    const base = `/booking/calendar/${host.login}/consult`
    const cases: [string, string, string][] = [
      [`${base}?month=2027-13`, 'Некорректный месяц', 'Invalid month'],
      [`${base}?month=soon`, 'Некорректный месяц', 'Invalid month'],
      [`${base}?date=2027-02-30&part=day`, 'Некорректная дата', 'Invalid date'],
      [`${base}?part=day`, 'Некорректная дата', 'Invalid date'],
      [`${base}?tz=Mars/Olympus`, 'Неизвестный часовой пояс', 'Unknown time zone'],
      [`${base}?part=week`, '', ''],
    ]
    for (const [path, ru, en] of cases) {
      const answer = await get(path)
      expect(answer.status, path).toBe(400)
      const body = (await answer.json()) as { error: string }
      expect(body.error.length, path).toBeGreaterThan(0)
      if (ru) expect(body.error, path).toContain(ru)
      const english = (await (await get(`${path}&lang=en`)).json()) as { error: string }
      if (en) expect(english.error, path).toContain(en)
    }
    for (const path of [
      `/booking/calendar/${disabled.host.login}/consult`,
      `/booking/calendar/${host.login}/nope`,
      '/booking/calendar/no_such_login_x/consult',
    ]) {
      const answer = await get(path)
      expect(answer.status, path).toBe(404)
      expect(((await answer.json()) as { error: string }).error).toBe('Тип события не найден')
    }
  })
})
