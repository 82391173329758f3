import type { AppLoadContext } from '@remix-run/cloudflare'
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { action as editorAction } from '#app/routes/_app.schedules.$id.tsx'
import { action as listAction } from '#app/routes/_app.schedules._index.tsx'
import { describe, expect, it } from 'vitest'
import type { PlanName } from '#app/domain/enums.ts'
import { apiSpecialist } from './helpers/api.ts'
import { sessionCookieFor } from './helpers/users.ts'

function isDataWithStatus(answer: unknown): answer is { data: unknown; init: { status?: number } | null } {
  return (answer as { type?: string } | null)?.type === 'DataWithResponseInit'
}

async function pageSpecialist(plan: PlanName = 'Pro') {
  const specialist = await apiSpecialist(plan, 'v3')
  const cookie = await sessionCookieFor(specialist.user.id)
  const page = (path: string) =>
    SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie }, redirect: 'manual' })
  const post = (path: string, fields: Record<string, string>) => {
    const body = new FormData()
    for (const [name, value] of Object.entries(fields)) body.set(name, value)
    return SELF.fetch(`http://localhost${path}`, {
      method: 'POST',
      body,
      headers: { Cookie: cookie },
      redirect: 'manual',
    })
  }
  /** Runs a route's action directly, the way Remix calls it, and gives back what it returned. */
  const act = async (
    run: typeof editorAction | typeof listAction,
    path: string,
    params: Record<string, string>,
    fields: Record<string, string>,
  ) => {
    const body = new FormData()
    for (const [name, value] of Object.entries(fields)) body.set(name, value)
    const request = new Request(`http://localhost${path}`, { method: 'POST', body, headers: { Cookie: cookie } })
    const answer = await run({ request, params, context: { cloudflare: { env } } as unknown as AppLoadContext }).catch(
      (thrown: unknown) => thrown,
    )
    // `data(value, { status })` answers: the value, as the page receives it (statuses: refusal-status.test.ts).
    return isDataWithStatus(answer) ? answer.data : answer
  }
  return { ...specialist, page, post, act }
}

describe('schedule pages', () => {
  it('list the default schedule and open its editor with the preview', async () => {
    const { page } = await pageSpecialist()
    const list = await page('/schedules')
    expect(list.status).toBe(200)
    const html = await list.text()
    expect(html).toContain('data-testid="schedule-card"')
    expect(html).toContain('Рабочие часы')
    const id = /href="\/schedules\/([0-9a-f-]{36})"/.exec(html)?.[1]
    const editor = await page(`/schedules/${id}`)
    expect(editor.status).toBe(200)
    const editorHtml = await editor.text()
    expect(editorHtml).toContain('data-testid="schedule-preview"')
    expect(editorHtml).toContain('Понедельник')
  })

  it('save valid changes and refuse overlaps with the field named, saving nothing', async () => {
    const { page, act, call } = await pageSpecialist()
    const [schedule] = (await call('GET', '/schedule')).body.data
    const bad = await act(
      editorAction,
      `/schedules/${schedule.id}`,
      { id: schedule.id },
      {
        intent: 'save',
        payload: JSON.stringify({
          ...schedule,
          weekly: [
            {
              weekday: 1,
              intervals: [
                { start: '09:00', end: '12:00' },
                { start: '11:00', end: '13:00' },
              ],
            },
          ],
        }),
      },
    )
    expect(bad).toEqual({
      saved: false,
      errors: {
        fieldErrors: { 'weekly.0.intervals.1.start': ['Интервалы пересекаются'] },
        formErrors: [],
        planLimit: false,
      },
    })
    expect((await call('GET', `/schedule/${schedule.id}`)).body.data.weekly).toEqual(schedule.weekly)
    const good = await act(
      editorAction,
      `/schedules/${schedule.id}`,
      { id: schedule.id },
      {
        intent: 'save',
        payload: JSON.stringify({ ...schedule, name: 'Будни', adjustments: [{ date: '31.12.2098', isDayOff: true }] }),
      },
    )
    expect(good).toEqual({ saved: true, errors: null })
    const past = await act(
      editorAction,
      `/schedules/${schedule.id}`,
      { id: schedule.id },
      {
        intent: 'save',
        payload: JSON.stringify({ ...schedule, adjustments: [{ date: '01.01.2020', isDayOff: true }] }),
      },
    )
    expect(past).toEqual({
      saved: false,
      errors: {
        fieldErrors: { 'adjustments.0.date': ['Дата не может быть в прошлом'] },
        formErrors: [],
        planLimit: false,
      },
    })
    expect((await call('GET', `/schedule/${schedule.id}`)).body.data).toMatchObject({
      name: 'Будни',
      adjustments: [{ date: '31.12.2098', isDayOff: true, intervals: [] }],
    })
    expect((await page(`/schedules/${schedule.id}`)).status).toBe(200)
  })

  it('open the plan modal for adjustments on Basic', async () => {
    const { act, call } = await pageSpecialist('Basic')
    const [schedule] = (await call('GET', '/schedule')).body.data
    const answer = await act(
      editorAction,
      `/schedules/${schedule.id}`,
      { id: schedule.id },
      {
        intent: 'save',
        payload: JSON.stringify({ ...schedule, adjustments: [{ date: '31.12.2098', isDayOff: true }] }),
      },
    )
    expect((answer as { errors: { planLimit: boolean } }).errors.planLimit).toBe(true)
  })

  it('answer 404 for another specialist’s schedule, in the page and its action', async () => {
    const alice = await pageSpecialist()
    const bob = await pageSpecialist()
    const [schedule] = (await alice.call('GET', '/schedule')).body.data
    expect((await bob.page(`/schedules/${schedule.id}`)).status).toBe(404)
    const answer = await bob.post(`/schedules/${schedule.id}`, {
      intent: 'save',
      payload: JSON.stringify({ ...schedule, name: 'Взлом' }),
    })
    expect(answer.status).toBe(404)
    expect((await bob.post(`/schedules/${schedule.id}`, { intent: 'copy' })).status).toBe(404)
    expect((await alice.call('GET', `/schedule/${schedule.id}`)).body.data.name).toBe('Рабочие часы')
  })

  it('create, copy and delete from the list', async () => {
    const { post, act, call } = await pageSpecialist()
    await call('GET', '/schedule')
    const created = await post('/schedules?index', { intent: 'create' })
    expect(created.status).toBe(302)
    const id = created.headers.get('Location')?.split('/').pop() as string
    const copied = await post('/schedules?index', { intent: 'copy', id })
    expect(copied.status).toBe(302)
    const deleted = await act(listAction, '/schedules?index', {}, { intent: 'delete', id })
    expect(deleted).toEqual({ done: 'deleted', errors: null })
    const names = (await call('GET', '/schedule')).body.data.map((s: { name: string }) => s.name)
    expect(names).toEqual(['Рабочие часы', 'Новое расписание (2)'])
  })
})
