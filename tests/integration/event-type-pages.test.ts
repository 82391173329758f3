import type { AppLoadContext } from '@remix-run/cloudflare'
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { action as editAction } from '#app/routes/_app.eventTypes.$id.tsx'
import { action as listAction } from '#app/routes/_app.eventTypes._index.tsx'
import { action as createAction } from '#app/routes/_app.eventTypes.create.tsx'
import type { PlanName } from '#app/domain/enums.ts'
import { apiSpecialist } from './helpers/api.ts'
import { sessionCookieFor } from './helpers/users.ts'

function isDataWithStatus(answer: unknown): answer is { data: unknown; init: { status?: number } | null } {
  return (answer as { type?: string } | null)?.type === 'DataWithResponseInit'
}

type AnyAction = typeof editAction | typeof listAction | typeof createAction

async function pageSpecialist(plan: PlanName = 'Pro') {
  const specialist = await apiSpecialist(plan)
  const cookie = await sessionCookieFor(specialist.user.id)
  const page = (path: string) =>
    SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie }, redirect: 'manual' })
  const act = async (run: AnyAction, path: string, params: Record<string, string>, fields: [string, string][]) => {
    const body = new FormData()
    for (const [name, value] of fields) body.append(name, value)
    const request = new Request(`http://localhost${path}`, { method: 'POST', body, headers: { Cookie: cookie } })
    const answer = await run({ request, params, context: { cloudflare: { env } } as unknown as AppLoadContext }).catch(
      (thrown: unknown) => thrown,
    )
    // `data(value, { status })` answers: the value, as the page receives it (statuses: refusal-status.test.ts).
    return isDataWithStatus(answer) ? answer.data : answer
  }
  const [schedule] = (await specialist.call('GET', '/schedule')).body.data
  return { ...specialist, page, act, schedule }
}

/** The wizard's form as a browser submits it (SPEC §3 names plus the page's own controls). */
function wizardForm(scheduleId: string, extra: [string, string][] = []): [string, string][] {
  const replaced = new Set(extra.map(([name]) => name))
  const base: [string, string][] = [
    ['participantType', 'SimpleNotCollective'],
    ['name', 'Консультация'],
    ['link', 'consultation'],
    ['description', ''],
    ['color', '#2fb54b'],
    ['eventTypePlaceType', 'Meet'],
    ['meetingPoint', 'Москва, Тверская, 1'],
    ['durationType', 'Minutes45'],
    ['stepType', 'Another'],
    ['stepValue', '20'],
    ['stepValueType', 'Minutes'],
    ['remindersInMinutes', '60'],
    ['whenClosesValue', '2'],
    ['whenClosesType', 'Hours'],
    ['recordIsOpenType', 'NoRestrictions'],
    ['noDailyLimit', 'on'],
    ['scheduleId', scheduleId],
    ['isActive', 'true'],
    ['isShowOnSpecialistPage', 'true'],
  ]
  return [...base.filter(([name]) => !replaced.has(name)), ...extra]
}

describe('event type pages', () => {
  it('create through the wizard form and open the edit page with the share panel', async () => {
    const { act, page, call, schedule, user } = await pageSpecialist()
    const created = (await act(createAction, '/eventTypes/create', {}, wizardForm(schedule.id))) as Response
    expect(created.status).toBe(302)
    const id = created.headers.get('Location')?.match(/\/eventTypes\/([^?]+)/)?.[1] as string
    expect((await call('GET', `/eventTypes/${id}`)).body.data).toMatchObject({
      name: 'Консультация',
      color: '#2fb54b',
      durationInMinutes: 45,
      stepValue: 20,
      remindersInMinutes: [60],
      whenClosesValue: 2,
      whenClosesType: 'Hours',
      maximumRecordsPerDayValue: 0,
    })
    const edit = await page(`/eventTypes/${id}?tab=share`)
    expect(edit.status).toBe(200)
    const html = await edit.text()
    expect(html).toContain('data-testid="share-panel"')
    expect(html).toContain(`http://localhost:8787/user/${user.login}/event/consultation`)
    const list = await page('/eventTypes')
    expect(await list.text()).toContain('data-testid="event-type-card"')
  })

  it('show each rule as a translated field error and save nothing', async () => {
    const { act, call, schedule } = await pageSpecialist()
    const refused = await act(
      createAction,
      '/eventTypes/create',
      {},
      wizardForm(schedule.id, [
        ['durationType', 'Another'],
        ['durationValue', '2000'],
        ['recordIsOpenType', 'Period'],
        ['recordIsOpenPeriodStart', '2098-05-02'],
        ['recordIsOpenPeriodEnd', '2098-05-01'],
      ]),
    )
    expect(refused).toMatchObject({
      id: null,
      errors: {
        fieldErrors: {
          durationValue: ['Не больше 1380 минут (23 часа)'],
          recordIsOpenPeriodEnd: ['Дата окончания не может быть раньше начала'],
        },
      },
    })
    expect((await call('GET', '/eventTypes')).body.data.items).toEqual([])
  })

  it('save edits, run the card actions with toasts, and refuse duplicates over the Basic limit', async () => {
    const { act, call, schedule } = await pageSpecialist('Basic')
    const created = (await act(createAction, '/eventTypes/create', {}, wizardForm(schedule.id))) as Response
    const id = created.headers.get('Location')?.match(/\/eventTypes\/([^?]+)/)?.[1] as string
    const saved = await act(editAction, `/eventTypes/${id}`, { id }, [
      ['intent', 'save'],
      ...wizardForm(schedule.id, [['name', 'Первичная консультация']]),
    ])
    expect(saved).toMatchObject({ saved: true, toast: 'Изменения сохранены', errors: null })
    expect(
      await act(listAction, '/eventTypes?index', {}, [
        ['intent', 'deactivate'],
        ['id', id],
      ]),
    ).toEqual({
      toast: 'Тип события деактивирован',
      errors: null,
    })
    expect((await call('GET', `/eventTypes/${id}`)).body.data.isActive).toBe(false)
    await act(listAction, '/eventTypes?index', {}, [
      ['intent', 'hide'],
      ['id', id],
    ])
    expect((await call('GET', `/eventTypes/${id}`)).body.data.isShowOnSpecialistPage).toBe(false)
    expect(
      await act(listAction, '/eventTypes?index', {}, [
        ['intent', 'copy'],
        ['id', id],
      ]),
    ).toMatchObject({ errors: null })
    const over = await act(listAction, '/eventTypes?index', {}, [
      ['intent', 'copy'],
      ['id', id],
    ])
    expect(over).toMatchObject({ toast: null, errors: { planLimit: true } })
    const deleted = (await act(editAction, `/eventTypes/${id}`, { id }, [['intent', 'delete']])) as Response
    expect(deleted.headers.get('Location')).toBe('/eventTypes')
    expect((await call('GET', `/eventTypes/${id}`)).status).toBe(404)
  })

  it('answer 404 for another specialist’s event type in the page and its actions', async () => {
    const alice = await pageSpecialist()
    const bob = await pageSpecialist()
    const { id } = (
      await alice.call('POST', '/eventTypes', {
        name: 'Звонок',
        link: 'call',
        color: '#ff0000',
        eventTypePlaceType: 'Phone',
        durationInMinutes: 30,
        stepValue: 30,
        scheduleId: alice.schedule.id,
      })
    ).body.data
    expect((await bob.page(`/eventTypes/${id}`)).status).toBe(404)
    const edit = (await bob.act(editAction, `/eventTypes/${id}`, { id }, [['intent', 'delete']])) as Response
    expect(edit.status).toBe(404)
    const card = (await bob.act(listAction, '/eventTypes?index', {}, [
      ['intent', 'deactivate'],
      ['id', id],
    ])) as Response
    expect(card.status).toBe(404)
    expect((await alice.call('GET', `/eventTypes/${id}`)).body.data.isActive).toBe(true)
  })

  it('check name and link uniqueness for the page', async () => {
    const { page, call, schedule } = await pageSpecialist()
    await call('POST', '/eventTypes', {
      name: 'Звонок',
      link: 'call',
      color: '#ff0000',
      eventTypePlaceType: 'Phone',
      durationInMinutes: 30,
      stepValue: 30,
      scheduleId: schedule.id,
    })
    expect(await (await page('/eventTypes/unique?field=link&value=call')).json()).toEqual({
      isOk: false,
      comments: ['Тип события с такой ссылкой уже есть'],
    })
    expect(await (await page('/eventTypes/unique?field=name&value=Другое')).json()).toEqual({
      isOk: true,
      comments: [],
    })
    // Names compare in any letter case.
    expect(await (await page(`/eventTypes/unique?field=name&value=${encodeURIComponent('ЗВОНОК')}`)).json()).toEqual({
      isOk: false,
      comments: ['Тип события с таким названием уже есть'],
    })
  })

  it('answers the page uniqueness check with another specialist’s id with 404', async () => {
    const alice = await pageSpecialist()
    const bob = await pageSpecialist()
    const { id } = (
      await alice.call('POST', '/eventTypes', {
        name: 'Звонок',
        link: 'call',
        color: '#ff0000',
        eventTypePlaceType: 'Phone',
        durationInMinutes: 30,
        stepValue: 30,
        scheduleId: alice.schedule.id,
      })
    ).body.data
    expect((await bob.page(`/eventTypes/unique?field=link&value=call&id=${id}`)).status).toBe(404)
    expect((await bob.page(`/eventTypes/unique?field=name&value=x&id=${id}`)).status).toBe(404)
    expect(await (await alice.page(`/eventTypes/unique?field=link&value=call&id=${id}`)).json()).toEqual({
      isOk: true,
      comments: [],
    })
  })

  it('shows the "Available from Pro" badge on both cost and redirect for Basic, none for Pro', async () => {
    const basic = await (await (await pageSpecialist('Basic')).page('/eventTypes/create')).text()
    expect(basic).toContain('data-testid="plan-badge-cost"')
    expect(basic).toContain('data-testid="plan-badge-redirect"')
    expect(basic).toContain('Доступно с Pro')
    const pro = await (await (await pageSpecialist('Pro')).page('/eventTypes/create')).text()
    expect(pro).not.toContain('data-testid="plan-badge-redirect"')
    expect(pro).not.toContain('data-testid="plan-badge-cost"')
  })
})
