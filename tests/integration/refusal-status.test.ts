import { describe, expect, it } from 'vitest'
import { REFUSALS, type RefusalCode } from '#app/domain/refusal.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { api, signupBody } from './helpers/accounts.ts'
import { apiSpecialist } from './helpers/api.ts'
import { pageClient, sessionCookieFor } from './helpers/users.ts'

const t = getT('ru')

/** The same refusal answered by a page action (a form posted without script) and by the JSON API. */
function expectSameRefusal(code: RefusalCode, page: Response, answer: { status: number; body: unknown }) {
  const { status, key } = REFUSALS[code]
  expect(page.status, `${code} on the page`).toBe(status)
  expect(answer.status, `${code} in the API`).toBe(status)
  // The API's text is the code's translation (up to its first parameter).
  const [first] = (answer.body as { apiErrors: { text: string }[] }).apiErrors
  expect(first.text).toContain(t(key, { seconds: '\u0000', email: '\u0000', count: 0 }).split('\u0000')[0])
}

describe('one refusal, one status: pages and the API answer it alike', () => {
  it('a plan limit (403): copying an event type over the Basic limit', async () => {
    const specialist = await apiSpecialist('Basic')
    const [schedule] = (await specialist.call('GET', '/schedule')).body.data
    const created = await specialist.call('POST', '/eventTypes', {
      name: 'Консультация',
      link: 'consultation',
      color: '#2f80ed',
      eventTypePlaceType: 'Online',
      meetingPoint: 'https://telemost.yandex.ru/j/1',
      durationInMinutes: 30,
      stepValue: 30,
      remindersInMinutes: [60],
      scheduleId: schedule.id,
    })
    expect(created.status).toBe(201)
    const id = created.body.data.id
    expect((await specialist.call('POST', `/eventTypes/${id}/copy`)).status).toBe(201)
    const page = await pageClient(await sessionCookieFor(specialist.user.id)).post('/eventTypes?index', {
      intent: 'copy',
      id,
    })
    const answer = await specialist.call('POST', `/eventTypes/${id}/copy`)
    expectSameRefusal('planLimit', page, answer)
    expect((await specialist.call('GET', '/eventTypes')).body.data.items).toHaveLength(2)
  })

  it('another owner’s row (404): copying someone else’s schedule', async () => {
    const alice = await apiSpecialist()
    const bob = await apiSpecialist()
    const [schedule] = (await alice.call('GET', '/schedule')).body.data
    const page = await pageClient(await sessionCookieFor(bob.user.id)).post(`/schedules/${schedule.id}`, {
      intent: 'copy',
    })
    expectSameRefusal('scheduleNotFound', page, await bob.call('POST', `/schedule/${schedule.id}/copy`))
  })

  it('a refusal the pages answered 400 before (403): signing in to an unconfirmed account', async () => {
    const body = signupBody()
    expect((await api('POST', '/identity/signup/email', { body })).status).toBe(201)
    const page = await pageClient().post('/login', { login: body.login, password: body.password })
    const answer = await api('POST', '/identity/signin/email', { body: { login: body.login, password: body.password } })
    expectSameRefusal('signinUnconfirmed', page, answer)
  })

  it('a wait (429): a new sign-up code within the minute, with Retry-After in the API', async () => {
    const body = signupBody()
    expect((await api('POST', '/identity/signup/email', { body })).status).toBe(201)
    const page = await pageClient().post(`/signupDone?email=${encodeURIComponent(body.email)}`, {
      email: body.email,
      intent: 'resend',
    })
    const answer = await api('POST', '/identity/signup/email/resend', { body: { email: body.email } })
    expectSameRefusal('codeResendWait', page, answer)
    expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(50)
  })
})
