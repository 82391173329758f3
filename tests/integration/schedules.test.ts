import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { instantToZoned, isoToDmy } from '#app/domain/time/index.ts'
import { getDb } from '#app/server/db.server.ts'
import { scheduleAdjustments } from '#db/schema.ts'
import type { PlanName } from '#app/domain/enums.ts'
import { apiSpecialist } from './helpers/api.ts'

const specialist = (plan: PlanName = 'Pro') => apiSpecialist(plan, 'v3')

const weekly = [
  {
    weekday: 1,
    intervals: [
      { start: '09:00', end: '13:00' },
      { start: '14:00', end: '18:00' },
    ],
  },
]

describe('schedules API', () => {
  it('needs a token', async () => {
    const response = await SELF.fetch('http://localhost/api/v3/schedule')
    expect(response.status).toBe(401)
  })

  it('gives a new specialist a default schedule in their time zone', async () => {
    const { call } = await specialist('Basic')
    const list = await call('GET', '/schedule')
    expect(list.status).toBe(200)
    expect(list.body.data).toHaveLength(1)
    expect(list.body.data[0]).toMatchObject({ name: 'Рабочие часы', timeZone: 'Europe/Moscow', isDefault: true })
    expect(list.body.data[0].weekly).toHaveLength(5)
    expect((await call('GET', '/schedule')).body.data).toHaveLength(1)
  })

  it('creates, reads, updates, copies and deletes a schedule with adjustments and day-offs', async () => {
    const { call } = await specialist('Standard')
    await call('GET', '/schedule')
    const created = await call('POST', '/schedule', {
      name: 'Вечер',
      timeZone: 'Asia/Yekaterinburg',
      weekly,
      adjustments: [
        { date: '31.12.2098', isDayOff: true, intervals: [] },
        { date: '30.12.2098', isDayOff: false, intervals: [{ start: '10:00', end: '12:00' }] },
      ],
    })
    expect(created.status).toBe(201)
    const id = created.body.data.id
    const read = await call('GET', `/schedule/${id}`)
    expect(read.body.data).toEqual({
      id,
      name: 'Вечер',
      timeZone: 'Asia/Yekaterinburg',
      isDefault: false,
      weekly,
      adjustments: [
        { date: '30.12.2098', isDayOff: false, intervals: [{ start: '10:00', end: '12:00' }] },
        { date: '31.12.2098', isDayOff: true, intervals: [] },
      ],
    })
    const updated = await call('PUT', `/schedule/${id}`, {
      ...read.body.data,
      name: 'Утро',
      isDefault: true,
      adjustments: [],
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ name: 'Утро', isDefault: true, adjustments: [] })
    const all = (await call('GET', '/schedule')).body.data
    expect(
      all.filter((schedule: { isDefault: boolean }) => schedule.isDefault).map((s: { id: string }) => s.id),
    ).toEqual([id])

    const copy = await call('POST', `/schedule/${id}/copy`)
    expect(copy.status).toBe(201)
    const copied = (await call('GET', `/schedule/${copy.body.data.id}`)).body.data
    expect(copied).toMatchObject({ name: 'Утро (2)', isDefault: false, weekly })

    expect((await call('DELETE', `/schedule/${id}`)).status).toBe(400)
    expect((await call('DELETE', `/schedule/${copy.body.data.id}`)).status).toBe(200)
    expect((await call('GET', `/schedule/${copy.body.data.id}`)).status).toBe(404)
  })

  it('refuses invalid, overlapping and end-before-start intervals with translated texts, saving nothing', async () => {
    const { call } = await specialist()
    const bad = await call(
      'POST',
      '/schedule',
      {
        name: 'Плохое',
        timeZone: 'Europe/Moscow',
        weekly: [
          {
            weekday: 1,
            intervals: [
              { start: '09:00', end: '12:00' },
              { start: '11:00', end: '13:00' },
            ],
          },
          { weekday: 2, intervals: [{ start: '12:00', end: '11:00' }] },
          { weekday: 3, intervals: [{ start: '9:00', end: '25:00' }] },
        ],
      },
      { 'Accept-Language': 'en' },
    )
    expect(bad.status).toBe(400)
    expect(bad.body.apiErrors.map((error) => error.text)).toEqual([
      'weekly.2.intervals.0.start: Invalid time',
      'weekly.2.intervals.0.end: Invalid time',
      'weekly.0.intervals.1.start: Intervals overlap',
      'weekly.1.intervals.0.end: End must be later than start',
    ])
    const ru = await call('POST', '/schedule', { name: '', timeZone: 'Nowhere/City' })
    expect(ru.body.apiErrors.map((error) => error.text)).toEqual([
      'name: Обязательное поле',
      'timeZone: Неизвестный часовой пояс',
    ])
    const list = (await call('GET', '/schedule')).body.data
    expect(list.map((schedule: { name: string }) => schedule.name)).toEqual(['Рабочие часы'])
  })

  it('refuses adjustments dated before today in the schedule’s zone, keeps a past one it already had', async () => {
    const { call } = await specialist()
    const [main] = (await call('GET', '/schedule')).body.data
    const past = await call('POST', '/schedule', {
      name: 'Прошлое',
      timeZone: 'Europe/Moscow',
      weekly,
      adjustments: [{ date: '01.01.2020', isDayOff: true }],
    })
    expect(past.status).toBe(400)
    expect(past.body.apiErrors.map((error: { text: string }) => error.text)).toEqual([
      'adjustments.0.date: Дата не может быть в прошлом',
    ])
    const put = await call(
      'PUT',
      `/schedule/${main.id}`,
      { ...main, adjustments: [{ date: '01.01.2020', isDayOff: true }] },
      { 'Accept-Language': 'en' },
    )
    expect(put.body.apiErrors.map((error: { text: string }) => error.text)).toEqual([
      'adjustments.0.date: The date cannot be in the past',
    ])
    const today = isoToDmy(instantToZoned('Europe/Moscow', Date.now()).date)
    expect(
      (await call('PUT', `/schedule/${main.id}`, { ...main, adjustments: [{ date: today, isDayOff: true }] })).status,
    ).toBe(200)

    // An adjustment saved while it was ahead stays savable once its date has passed, as long as it is unchanged.
    await getDb(env.DB)
      .insert(scheduleAdjustments)
      .values({ id: newId(), scheduleId: main.id, date: '2020-01-01', isDayOff: true, intervals: [] })
    const saved = (await call('GET', `/schedule/${main.id}`)).body.data
    expect(saved.adjustments.map((adjustment: { date: string }) => adjustment.date)).toEqual(['01.01.2020', today])
    expect((await call('PUT', `/schedule/${main.id}`, { ...saved, name: 'Будни' })).status).toBe(200)
    const changed = await call('PUT', `/schedule/${main.id}`, {
      ...saved,
      adjustments: [{ date: '01.01.2020', isDayOff: false, intervals: [{ start: '10:00', end: '11:00' }] }],
    })
    expect(changed.status).toBe(400)
  })

  it('copies a schedule whose name is 200 characters long within the limit', async () => {
    const { call } = await specialist()
    const { id } = (await call('POST', '/schedule', { name: 'Я'.repeat(200), timeZone: 'Europe/Moscow', weekly })).body
      .data
    const copy = await call('POST', `/schedule/${id}/copy`)
    expect(copy.status).toBe(201)
    const name = (await call('GET', `/schedule/${copy.body.data.id}`)).body.data.name
    expect(name).toBe(`${'Я'.repeat(196)} (2)`)
  })

  it('keeps adjustments and extra schedules behind the plan', async () => {
    const { call } = await specialist('Basic')
    const [main] = (await call('GET', '/schedule')).body.data
    const refused = await call('PUT', `/schedule/${main.id}`, {
      ...main,
      adjustments: [{ date: '31.12.2098', isDayOff: true }],
    })
    expect(refused.status).toBe(403)
    expect(refused.body.apiErrors[0].text).toBe('Недоступно на вашем тарифе')
    expect((await call('GET', `/schedule/${main.id}`)).body.data.adjustments).toEqual([])
    expect((await call('POST', '/schedule', { name: 'Второе', timeZone: 'Europe/Moscow', weekly })).status).toBe(201)
    expect((await call('POST', '/schedule', { name: 'Третье', timeZone: 'Europe/Moscow', weekly })).status).toBe(403)
  })

  it('never shows or changes another specialist’s schedule', async () => {
    const alice = await specialist()
    const bob = await specialist()
    const [schedule] = (await alice.call('GET', '/schedule')).body.data
    expect((await bob.call('GET', `/schedule/${schedule.id}`)).status).toBe(404)
    expect((await bob.call('PUT', `/schedule/${schedule.id}`, { ...schedule, name: 'Взлом' })).status).toBe(404)
    expect((await bob.call('POST', `/schedule/${schedule.id}/copy`)).status).toBe(404)
    expect((await bob.call('DELETE', `/schedule/${schedule.id}`)).status).toBe(404)
    expect((await bob.call('GET', '/schedule')).body.data.map((s: { id: string }) => s.id)).not.toContain(schedule.id)
    expect((await alice.call('GET', `/schedule/${schedule.id}`)).body.data.name).toBe('Рабочие часы')
  })

  it('refuses to delete a schedule that event types use', async () => {
    const { call } = await specialist()
    await call('GET', '/schedule')
    const { id } = (await call('POST', '/schedule', { name: 'Другое', timeZone: 'Europe/Moscow', weekly })).body.data
    const created = await call('POST', '/eventTypes', {
      name: 'Звонок',
      link: 'call',
      color: '#ff0000',
      eventTypePlaceType: 'Phone',
      durationInMinutes: 30,
      stepValue: 30,
      scheduleId: id,
    })
    expect(created.status).toBe(201)
    const refused = await call('DELETE', `/schedule/${id}`)
    expect(refused.status).toBe(400)
    expect(refused.body.apiErrors[0].text).toContain('(1)')
  })
})
