import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { getDb } from '#app/server/db.server.ts'
import { meetings } from '#db/schema.ts'
import type { PlanName } from '#app/domain/enums.ts'
import { apiSpecialist } from './helpers/api.ts'

async function withSchedule(plan: PlanName = 'Pro') {
  const specialist = await apiSpecialist(plan)
  const [schedule] = (await specialist.call('GET', '/schedule')).body.data
  const base = {
    name: 'Консультация',
    link: 'consultation',
    color: '#2f80ed',
    eventTypePlaceType: 'Online',
    meetingPoint: 'https://telemost.yandex.ru/j/1',
    durationInMinutes: 30,
    stepValue: 30,
    remindersInMinutes: [60, 1440],
    scheduleId: schedule.id as string,
  }
  const create = (fields: Record<string, unknown> = {}) =>
    specialist.call('POST', '/eventTypes', { ...base, ...fields })
  return { ...specialist, schedule, base, create }
}

const texts = (answer: { body: { apiErrors: { text: string }[] } }) => answer.body.apiErrors.map((error) => error.text)

describe('event types API: create, read, list', () => {
  it('creates an event type and reads it back by the SPEC names', async () => {
    const { call, create, schedule } = await withSchedule()
    const created = await create({ description: 'Первая встреча', getTimeBeforeValue: 10 })
    expect(created.status).toBe(201)
    const read = await call('GET', `/eventTypes/${created.body.data.id}`)
    expect(read.body.data).toMatchObject({
      id: created.body.data.id,
      name: 'Консультация',
      link: 'consultation',
      description: 'Первая встреча',
      color: '#2f80ed',
      eventTypePlaceType: 'Online',
      meetingPoint: 'https://telemost.yandex.ru/j/1',
      whoCallType: null,
      durationInMinutes: 30,
      stepValue: 30,
      getTimeBeforeValue: 10,
      getTimeAfterValue: null,
      remindersInMinutes: [60, 1440],
      remindersInMinutesCustom: false,
      whenClosesValue: 0,
      whenClosesType: 'Minutes',
      recordIsOpenType: 'NoRestrictions',
      maximumRecordsPerDayValue: 0,
      participantType: 'SimpleNotCollective',
      minSeats: 1,
      totalSeats: 1,
      scheduleId: schedule.id,
      isActive: true,
      isShowOnSpecialistPage: true,
    })
  })

  it('lists with paging and search, newest last', async () => {
    const { call, create } = await withSchedule()
    for (const [name, link] of [
      ['Альфа', 'alpha'],
      ['Бета', 'beta'],
      ['Гамма', 'gamma'],
    ])
      expect((await create({ name, link })).status).toBe(201)
    const page = await call('GET', '/eventTypes?limit=2&offset=1')
    expect(page.body.data.items.map((item: { name: string }) => item.name)).toEqual(['Бета', 'Гамма'])
    expect(page.body.data.pagination).toEqual({ totalCount: 3, currentOffset: 1, limit: 2 })
    const found = await call('GET', '/eventTypes?search=gam')
    expect(found.body.data.items.map((item: { link: string }) => item.link)).toEqual(['gamma'])
    expect((await call('GET', '/eventTypes?search=zzz')).body.data.items).toEqual([])
    const all = await call('GET', '/eventTypes')
    expect(all.body.data.pagination.limit).toBe(32)
    const short = await call('GET', '/eventTypes/short?isActive=true')
    expect(short.body.data.map((item: { link: string }) => item.link)).toEqual(['alpha', 'beta', 'gamma'])
  })
})

describe('event types API: search', () => {
  it('matches `_` and `%` literally, not as LIKE wildcards', async () => {
    const { call, create } = await withSchedule()
    for (const [name, link] of [
      ['План a_b', 'a_b'],
      ['План axb', 'axb'],
      ['Скидка 50%', 'discount'],
      ['Скидка 50', 'discount50'],
    ])
      expect((await create({ name, link })).status).toBe(201)
    const search = async (text: string) =>
      (await call('GET', `/eventTypes?search=${encodeURIComponent(text)}`)).body.data.items
        .map((item: { link: string }) => item.link)
        .sort()
    expect(await search('a_b')).toEqual(['a_b'])
    expect(await search('_')).toEqual(['a_b'])
    expect(await search('%')).toEqual(['discount'])
    expect(await search('50%')).toEqual(['discount'])
    // The escape character itself is literal too (names never hold one: SPEC §5 strips backslashes).
    expect(await search('\\')).toEqual([])
    // Cyrillic in any letter case (SQLite's LIKE folds ASCII only; the folded name key is searched, issue 18).
    expect(await search('ПЛАН A_B')).toEqual(['a_b'])
    expect(await search('скидка 50%')).toEqual(['discount'])
    expect(await search('сКиДкА')).toEqual(['discount', 'discount50'])
    expect((await call('GET', `/eventTypes?search=${encodeURIComponent('%')}`)).body.data.pagination.totalCount).toBe(1)
  })
})

describe('event types API: every SPEC §5 rule', () => {
  it('gives new event types the SPEC §9 reminders 60 and 1440 when the body leaves them out', async () => {
    const { call, create, base } = await withSchedule()
    const { remindersInMinutes: _, ...withoutReminders } = base
    const created = await call('POST', '/eventTypes', withoutReminders)
    expect(created.status).toBe(201)
    expect((await call('GET', `/eventTypes/${created.body.data.id}`)).body.data.remindersInMinutes).toEqual([60, 1440])
    const none = await create({ name: 'Без напоминаний', link: 'silent', remindersInMinutes: [] })
    expect((await call('GET', `/eventTypes/${none.body.data.id}`)).body.data.remindersInMinutes).toEqual([])
    // PUT replaces the whole event type: a field left out takes the same default as on creation.
    const updated = await call('PUT', `/eventTypes/${none.body.data.id}`, {
      ...withoutReminders,
      name: 'Без напоминаний',
      link: 'silent',
    })
    expect(updated.body.data.remindersInMinutes).toEqual([60, 1440])
  })

  it('answers a custom reminder of 0 with one message', async () => {
    const { create } = await withSchedule()
    const answer = await create({
      remindersInMinutesCustom: true,
      remindersInMinutesCustomValues: [{ amount: 0, unit: 'Days' }],
    })
    expect(texts(answer)).toEqual(['remindersInMinutesCustomValues.0.amount: Число должно быть больше 0'])
  })

  it('names each bad field in the answer, translated, and saves nothing', async () => {
    const { call, create } = await withSchedule()
    const bad = await create({
      name: ' / ',
      link: 'bad link!',
      color: '',
      meetingPoint: 'not a link',
      durationInMinutes: 1381,
      stepValue: 0,
      getTimeAfterValue: 61,
    })
    expect(bad.status).toBe(400)
    expect(texts(bad)).toEqual([
      'name: Обязательное поле',
      'link: Только латинские буквы, цифры, «_», «.» и «-»',
      'color: Выберите цвет',
      'getTimeAfterValue: Не больше 60',
      'durationInMinutes: Не больше 1380 минут (23 часа)',
      'stepValue: Число должно быть больше 0',
      'meetingPoint: Введите корректную ссылку',
    ])
    const english = await call('POST', '/eventTypes', { name: '' }, { 'Accept-Language': 'en' })
    expect(texts(english)).toContain('name: Required field')
    expect((await call('GET', '/eventTypes')).body.data.pagination.totalCount).toBe(0)
  })

  it('refuses reserved links, dots, and Cyrillic-only links; lowercases and underscores the rest', async () => {
    const { call, create } = await withSchedule()
    expect(texts(await create({ link: 'Widget' }))).toEqual(['link: Эта ссылка зарезервирована, выберите другую'])
    expect(texts(await create({ link: '..' }))).toEqual(['link: Ссылка не может быть «.» или «..»'])
    expect(texts(await create({ link: 'Встреча' }))).toEqual(['link: Обязательное поле'])
    const created = await create({ link: ' Моя Intro Call ' })
    expect(created.status).toBe(201)
    expect((await call('GET', `/eventTypes/${created.body.data.id}`)).body.data.link).toBe('_intro_call')
  })

  it('needs a meeting point unless phone, a link when online, and prepends http://', async () => {
    const { call, create } = await withSchedule()
    expect(texts(await create({ eventTypePlaceType: 'Meet', meetingPoint: '' }))).toEqual([
      'meetingPoint: Обязательное поле',
    ])
    expect(texts(await create({ meetingPoint: 'zoom' }))).toEqual(['meetingPoint: Введите корректную ссылку'])
    const online = await create({ meetingPoint: 'zoom.us/j/123' })
    expect((await call('GET', `/eventTypes/${online.body.data.id}`)).body.data.meetingPoint).toBe(
      'http://zoom.us/j/123',
    )
    const phone = await create({
      name: 'Звонок',
      link: 'call',
      eventTypePlaceType: 'Phone',
      meetingPoint: 'x',
      whoCallType: 'OrganizerCallToMember',
    })
    expect((await call('GET', `/eventTypes/${phone.body.data.id}`)).body.data).toMatchObject({
      meetingPoint: null,
      whoCallType: 'OrganizerCallToMember',
    })
  })

  it('checks reminders, the booking period, seats, cost and redirect', async () => {
    const { create } = await withSchedule()
    expect(
      texts(
        await create({
          remindersInMinutesCustom: true,
          remindersInMinutesCustomValues: [{ amount: 91, unit: 'Minutes' }],
        }),
      ),
    ).toEqual(['remindersInMinutesCustomValues.0.amount: Не больше 90 минут'])
    expect(
      texts(
        await create({
          remindersInMinutesCustom: true,
          remindersInMinutesCustomValues: [{ amount: 24, unit: 'Hours' }],
        }),
      ),
    ).toEqual(['remindersInMinutesCustomValues.0.amount: Не больше 23 часов'])
    expect(
      texts(
        await create({
          remindersInMinutesCustom: true,
          remindersInMinutesCustomValues: [{ amount: 31, unit: 'Days' }],
        }),
      ),
    ).toEqual(['remindersInMinutesCustomValues.0.amount: Не больше 30 дней'])
    expect(texts(await create({ recordIsOpenType: 'Period' }))).toEqual([
      'recordIsOpenPeriodStart: Обязательное поле',
      'recordIsOpenPeriodEnd: Обязательное поле',
    ])
    expect(
      texts(
        await create({
          recordIsOpenType: 'Period',
          recordIsOpenPeriodStart: '01.01.2020',
          recordIsOpenPeriodEnd: '01.01.2099',
        }),
      ),
    ).toEqual(['recordIsOpenPeriodStart: Дата начала не может быть в прошлом'])
    expect(
      texts(
        await create({
          recordIsOpenType: 'Period',
          recordIsOpenPeriodStart: '02.01.2099',
          recordIsOpenPeriodEnd: '01.01.2099',
        }),
      ),
    ).toEqual(['recordIsOpenPeriodEnd: Дата окончания не может быть раньше начала'])
    expect(texts(await create({ participantType: 'GroupNotCollective', minSeats: 3, totalSeats: 1 }))).toEqual([
      'totalSeats: Мест должно быть больше 1',
    ])
    expect(texts(await create({ participantType: 'GroupNotCollective', minSeats: 4, totalSeats: 3 }))).toEqual([
      'minSeats: Минимум не может быть больше общего числа мест',
    ])
    expect(texts(await create({ isShowCost: true, cost: 0 }))).toEqual(['cost: Число должно быть больше 0'])
    expect(texts(await create({ isShowRedirection: true, redirectUrl: 'nope' }))).toEqual([
      'redirectUrl: Введите корректную ссылку',
    ])
    expect(texts(await create({ maximumRecordsPerDayValue: -1 }))).toEqual(['maximumRecordsPerDayValue: Не меньше 0'])
    expect(texts(await create({ scheduleId: '' }))).toEqual(['scheduleId: Обязательное поле'])
  })

  it('keeps names and links unique per specialist, and answers the uniqueness calls', async () => {
    const { call, create, base } = await withSchedule()
    const first = await create()
    expect(first.status).toBe(201)
    expect(texts(await create())).toEqual([
      'name: Тип события с таким названием уже есть',
      'link: Тип события с такой ссылкой уже есть',
    ])
    expect((await call('GET', `/unique/eventType/name/${encodeURIComponent('Консультация')}`)).body.data).toEqual({
      isOk: false,
      comments: ['Тип события с таким названием уже есть'],
    })
    expect((await call('GET', '/unique/eventType/name/Other')).body.data).toEqual({ isOk: true, comments: [] })
    expect((await call('GET', '/unique/eventType/link/consultation')).body.data.isOk).toBe(false)
    expect((await call('GET', '/unique/eventType/link/Consultation')).body.data.isOk).toBe(false)
    expect((await call('GET', '/unique/eventType/link/user')).body.data).toEqual({
      isOk: false,
      comments: ['Эта ссылка зарезервирована, выберите другую'],
    })
    const id = first.body.data.id
    expect((await call('GET', `/unique/eventType/${id}/link/consultation/notcurrent`)).body.data.isOk).toBe(true)
    expect(
      (await call('GET', `/unique/eventType/${id}/name/${encodeURIComponent('Консультация')}/notcurrent`)).body.data
        .isOk,
    ).toBe(true)
    // Names are the same in any letter case (Cyrillic included); links are lowercased anyway.
    expect(texts(await create({ name: 'КОНСУЛЬТАЦИЯ', link: 'other' }))).toEqual([
      'name: Тип события с таким названием уже есть',
    ])
    expect(texts(await create({ name: 'Other', link: 'CONSULTATION' }))).toEqual([
      'link: Тип события с такой ссылкой уже есть',
    ])
    expect((await call('GET', `/unique/eventType/name/${encodeURIComponent('консультация')}`)).body.data.isOk).toBe(
      false,
    )
    const second = await create({ name: 'Second', link: 'second' })
    expect(
      texts(await call('PUT', `/eventTypes/${second.body.data.id}`, { ...base, name: 'консультацИЯ', link: 'second' })),
    ).toEqual(['name: Тип события с таким названием уже есть'])
    // Its own name in another case is still its own.
    expect(
      (await call('PUT', `/eventTypes/${second.body.data.id}`, { ...base, name: 'SECOND', link: 'second' })).status,
    ).toBe(200)
    // Another specialist may use the same name and link.
    const other = await withSchedule()
    expect((await other.create()).status).toBe(201)
  })

  it('refuses a schedule of another specialist', async () => {
    const alice = await withSchedule()
    const bob = await withSchedule()
    expect(texts(await bob.create({ scheduleId: alice.schedule.id }))).toEqual(['scheduleId: Расписание не найдено'])
  })
})

describe('event types API: updates and actions', () => {
  it('updates, keeping its own name and link free', async () => {
    const { call, create, base } = await withSchedule()
    const { id } = (await create()).body.data
    const updated = await call('PUT', `/eventTypes/${id}`, { ...base, description: 'Новое', durationInMinutes: 45 })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ description: 'Новое', durationInMinutes: 45, link: 'consultation' })
    await create({ name: 'Другое', link: 'other' })
    expect(texts(await call('PUT', `/eventTypes/${id}`, { ...base, link: 'other' }))).toEqual([
      'link: Тип события с такой ссылкой уже есть',
    ])
  })

  it('copies with a free name and link, toggles status and visibility, deletes', async () => {
    const { call, create } = await withSchedule()
    const { id } = (await create()).body.data
    const copy = await call('POST', `/eventTypes/${id}/copy`)
    expect(copy.status).toBe(201)
    const copied = (await call('GET', `/eventTypes/${copy.body.data.id}`)).body.data
    expect(copied).toMatchObject({ name: 'Консультация (2)', link: 'consultation_2', durationInMinutes: 30 })
    const again = (await call('POST', `/eventTypes/${id}/copy`)).body.data
    expect((await call('GET', `/eventTypes/${again.id}`)).body.data.link).toBe('consultation_3')

    expect((await call('GET', `/eventTypes/${id}/isOkChangeActivity`)).body.data).toEqual({ isOk: true, comments: [] })
    expect((await call('PUT', `/eventTypes/${id}/status`, { isActive: false })).body.data).toEqual({ isActive: false })
    expect((await call('GET', `/eventTypes/${id}`)).body.data.isActive).toBe(false)
    expect((await call('GET', '/eventTypes/short?isActive=false')).body.data.map((e: { id: string }) => e.id)).toEqual([
      id,
    ])
    expect(texts(await call('PUT', `/eventTypes/${id}/status`, {}))).toEqual(['isActive: Обязательное поле'])

    await call('PUT', `/eventTypes/${id}/isShowOnSpecialistPage`, { isShowOnSpecialistPage: false })
    expect((await call('GET', `/eventTypes/${id}`)).body.data.isShowOnSpecialistPage).toBe(false)

    expect((await call('DELETE', `/eventTypes/${id}`)).status).toBe(200)
    expect((await call('GET', `/eventTypes/${id}`)).status).toBe(404)
  })

  it('copies an event type whose name and link are 200 characters long, again and again', async () => {
    const { call, create } = await withSchedule()
    const name = `${'Н'.repeat(199)}x`
    const link = `${'l'.repeat(199)}x`
    const { id } = (await create({ name, link })).body.data
    const copies = []
    for (let i = 0; i < 3; i++) {
      const copy = await call('POST', `/eventTypes/${id}/copy`)
      expect(copy.status).toBe(201)
      copies.push((await call('GET', `/eventTypes/${copy.body.data.id}`)).body.data)
    }
    expect(copies.map((copy) => [copy.name.length, copy.link.length])).toEqual([
      [200, 200],
      [200, 200],
      [200, 200],
    ])
    expect(copies.map((copy) => copy.name.slice(-4))).toEqual([' (2)', ' (3)', ' (4)'])
    expect(copies.map((copy) => copy.link.slice(-2))).toEqual(['_2', '_3', '_4'])
    expect(copies[0].name).toBe(`${'Н'.repeat(196)} (2)`)
    // A copy of a copy: its base is trimmed too, and it takes the next free suffix.
    const copyOfCopy = await call('POST', `/eventTypes/${copies[0].id}/copy`)
    expect(copyOfCopy.status).toBe(201)
    const read = (await call('GET', `/eventTypes/${copyOfCopy.body.data.id}`)).body.data
    expect([read.name.length, read.link.length]).toEqual([200, 200])
  })

  it('skips copy names taken in another letter case', async () => {
    const { call, create } = await withSchedule()
    const { id } = (await create()).body.data
    await create({ name: 'КОНСУЛЬТАЦИЯ (2)', link: 'taken' })
    const copy = (await call('POST', `/eventTypes/${id}/copy`)).body.data
    expect((await call('GET', `/eventTypes/${copy.id}`)).body.data).toMatchObject({
      name: 'Консультация (3)',
      link: 'consultation_3',
    })
  })

  it('shares the public link, a mail-to link and the widget code', async () => {
    const { call, create, user } = await withSchedule('Standard')
    const { id } = (await create()).body.data
    const share = (await call('GET', `/eventTypes/${id}/share`)).body.data
    const url = `http://localhost:8787/user/${user.login}/event/consultation`
    expect(share.publicUrl).toBe(url)
    expect(share.mailto).toBe(`mailto:?subject=${encodeURIComponent('Консультация')}&body=${encodeURIComponent(url)}`)
    expect(share.isWidgetAllowed).toBe(true)
    expect(share.widget.standard).toContain(
      `src="http://localhost:8787/widget/booking/user/${user.login}/event/consultation?size=large"`,
    )
    expect(share.widget.compact).toContain('?size=small')
  })

  it('gives the template fields of SPEC §3', async () => {
    const { call, create } = await withSchedule()
    const { id } = (await create({ getTimeAfterValue: 15 })).body.data
    expect((await call('GET', `/eventTypes/${id}/templateData`)).body.data).toEqual({
      name: 'Консультация',
      description: '',
      type: 'Online',
      meetingPoint: 'https://telemost.yandex.ru/j/1',
      whoCallType: null,
      color: '#2f80ed',
      remindersInMinutes: [60, 1440],
      isLastNameRequired: false,
      isMessengerRequired: false,
      isPhoneRequired: false,
      isOptionalInputsHidden: false,
      whenClosesValue: 0,
      whenClosesType: 'Minutes',
      getTimeBeforeValue: null,
      getTimeAfterValue: 15,
    })
  })

  it('previews the organizer’s days and slots through the engine, in the viewer’s zone', async () => {
    const { call, create, user } = await withSchedule()
    const { id } = (await create({ durationInMinutes: 60, stepValue: 60 })).body.data
    // Mondays to Fridays 09:00-18:00 Moscow; a far-future month, so "now" never cuts it.
    const days = (await call('GET', `/eventTypes/${id}/days/2098/6`)).body.data as string[]
    expect(days[0]).toBe('02.06.2098')
    expect(days).toHaveLength(21)
    const slots = (await call('GET', `/eventTypes/${id}/slots/2098/6/2`)).body.data
    expect(slots).toHaveLength(9)
    expect(slots[0]).toEqual({
      day: '02.06.2098',
      from: '09:00',
      to: '10:00',
      start: '2098-06-02T06:00:00Z',
      end: '2098-06-02T07:00:00Z',
      seatsLeft: 1,
    })
    const viewer = (
      await call('GET', `/eventTypes/${id}/slots/2098/6/2`, undefined, { timezone: 'Asia/Yekaterinburg' })
    ).body.data
    expect(viewer[0]).toMatchObject({ from: '11:00', to: '12:00', start: '2098-06-02T06:00:00Z' })
    expect((await call('GET', `/eventTypes/${id}/slots/2098/6/7`)).body.data).toEqual([])
    expect((await call('GET', `/eventTypes/${id}/days/2098/13`)).status).toBe(400)

    // The host's live meetings (the booking area's table) take their time out of the preview.
    await getDb(env.DB)
      .insert(meetings)
      .values({
        id: newId(),
        ownerId: user.id,
        eventTypeId: null,
        name: 'Разовая встреча',
        startAt: Date.UTC(2098, 5, 2, 6, 0),
        endAt: Date.UTC(2098, 5, 2, 7, 0),
        timeZone: 'Europe/Moscow',
      })
    const busy = (await call('GET', `/eventTypes/${id}/slots/2098/6/2`)).body.data
    expect(busy).toHaveLength(8)
    expect(busy[0].from).toBe('10:00')
  })
})

describe('event types API: plan gating (SPEC §6)', () => {
  it('limits how many event types Basic holds and says so in isOkAdd', async () => {
    const { call, create } = await withSchedule('Basic')
    expect((await call('GET', '/eventTypes/isOkAdd')).body.data).toEqual({ isOk: true })
    const { id } = (await create()).body.data
    expect((await create({ name: 'Два', link: 'two' })).status).toBe(201)
    expect((await call('GET', '/eventTypes/isOkAdd')).body.data).toEqual({ isOk: false })
    const third = await create({ name: 'Три', link: 'three' })
    expect(third.status).toBe(403)
    expect(texts(third)).toEqual(['Недоступно на вашем тарифе'])
    expect((await call('POST', `/eventTypes/${id}/copy`)).status).toBe(403)
  })

  it('needs Standard for custom reminders and widgets, Pro for group, collective, cost and redirect', async () => {
    const basic = await withSchedule('Basic')
    expect(
      (
        await basic.create({
          remindersInMinutesCustom: true,
          remindersInMinutesCustomValues: [{ amount: 2, unit: 'Hours' }],
        })
      ).status,
    ).toBe(403)
    const { id } = (await basic.create()).body.data
    const share = (await basic.call('GET', `/eventTypes/${id}/share`)).body.data
    expect([share.isWidgetAllowed, share.widget]).toEqual([false, null])
    expect((await basic.call('GET', '/widget/isOkUse', undefined)).body.data).toEqual({ isOk: false })

    const standard = await withSchedule('Standard')
    expect(
      (
        await standard.create({
          remindersInMinutesCustom: true,
          remindersInMinutesCustomValues: [{ amount: 2, unit: 'Hours' }],
        })
      ).status,
    ).toBe(201)
    for (const fields of [
      { participantType: 'GroupNotCollective', minSeats: 1, totalSeats: 5 },
      { participantType: 'SimpleCollective' },
      { isShowCost: true, cost: 1000 },
      { isShowRedirection: true, redirectUrl: 'https://example.com' },
    ]) {
      expect((await standard.create({ name: 'Платно', link: 'paid', ...fields })).status).toBe(403)
    }
    const pro = await withSchedule('Pro')
    const group = await pro.create({
      participantType: 'GroupNotCollective',
      minSeats: 2,
      totalSeats: 5,
      isShowCost: true,
      cost: 1000,
      currency: 'EUR',
    })
    expect(group.status).toBe(201)
    expect((await pro.call('GET', `/eventTypes/${group.body.data.id}`)).body.data).toMatchObject({
      minSeats: 2,
      totalSeats: 5,
      cost: 1000,
      currency: 'EUR',
    })
    const options = (await standard.call('GET', '/eventTypes/getEventTypeTariffOptions')).body.data
    expect(options.capabilities).toMatchObject({ customReminders: true, groupMeetings: false })
  })
})

describe('event types API: owner scoping', () => {
  it('answers 404 for every call on another specialist’s event type', async () => {
    const alice = await withSchedule()
    const bob = await withSchedule()
    const { id } = (await alice.create()).body.data
    const calls: [string, string, unknown?][] = [
      ['GET', `/eventTypes/${id}`],
      ['PUT', `/eventTypes/${id}`, { ...bob.base }],
      ['DELETE', `/eventTypes/${id}`],
      ['POST', `/eventTypes/${id}/copy`],
      ['GET', `/eventTypes/${id}/isOkChangeActivity`],
      ['PUT', `/eventTypes/${id}/status`, { isActive: false }],
      ['PUT', `/eventTypes/${id}/isShowOnSpecialistPage`, { isShowOnSpecialistPage: false }],
      ['GET', `/eventTypes/${id}/share`],
      ['GET', `/eventTypes/${id}/templateData`],
      ['GET', `/eventTypes/${id}/days/2098/6`],
      ['GET', `/eventTypes/${id}/slots/2098/6/2`],
      ['GET', `/widget/eventType/${id}/isOkUse`],
    ]
    for (const [method, path, body] of calls) {
      const answer = await bob.call(method, path, body)
      expect(answer.status, `${method} ${path}`).toBe(404)
    }
    expect((await bob.call('GET', '/eventTypes')).body.data.items).toEqual([])
    // The uniqueness calls that take an id answer 404 too, whatever the value (free, taken or invalid).
    for (const path of [
      `/unique/eventType/${id}/link/consultation/notcurrent`,
      `/unique/eventType/${id}/link/free_one/notcurrent`,
      `/unique/eventType/${id}/link/${encodeURIComponent('..')}/notcurrent`,
      `/unique/eventType/${id}/name/${encodeURIComponent('Консультация')}/notcurrent`,
      `/unique/eventType/${id}/name/Other/notcurrent`,
    ]) {
      const answer = await bob.call('GET', path)
      expect(answer.status, path).toBe(404)
      expect(answer.body.isOk, path).toBe(false)
    }
    const still = (await alice.call('GET', `/eventTypes/${id}`)).body.data
    expect(still).toMatchObject({ isActive: true, isShowOnSpecialistPage: true, name: 'Консультация' })
  })

  it('needs a token', async () => {
    const { call } = await withSchedule()
    const answer = await call('GET', '/eventTypes', undefined, { Authorization: '' })
    expect(answer.status).toBe(401)
  })
})
