import { describe, expect, it } from 'vitest'
import { CAPABILITIES, type Capability, PLANS } from '#app/domain/plans.ts'
import { PLAN_NAMES } from '#app/domain/enums.ts'
import { apiSpecialist } from './helpers/api.ts'
import { createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

/** What a specialist's page shows, signed in. */
async function pageOf(plan: (typeof PLAN_NAMES)[number], path: string, language = 'ru') {
  const user = await createTestUser({ plan })
  const cookie = `${await sessionCookieFor(user.id)}; lng=${encodeURIComponent(btoa(JSON.stringify(language)))}`
  const response = await pageClient(cookie).get(path)
  return { status: response.status, html: await response.text() }
}

const included = (html: string, capability: Capability, plan: string) =>
  html.match(new RegExp(`data-testid="cell-${capability}-${plan}" data-included="(true|false)"`))?.[1]

describe('/tariff/features: the comparison, the badge and the 403 read one matrix (issue 16)', () => {
  it('shows every capability and limit of the three plans, the prices, the current plan and the choose links', async () => {
    const { status, html } = await pageOf('Standard', '/tariff/features')
    expect(status).toBe(200)
    for (const plan of PLAN_NAMES) {
      expect(html).toContain(`href="/tariff?plan=${plan}"`)
      for (const capability of CAPABILITIES) {
        expect(included(html, capability, plan), `${capability} ${plan}`).toBe(
          String(PLANS[plan].capabilities.has(capability)),
        )
      }
    }
    expect(html).toContain('220 ₽ в месяц')
    expect(html).toContain('1600 ₽ в месяц')
    expect(html).toMatch(/data-testid="plan-Standard" aria-current="true"/)
    expect(html).toContain('Групповые встречи')
    expect(html).toContain('Без ограничений')
    expect(html).toContain('data-testid="business-plan"')
    const english = await pageOf('Basic', '/tariff/features', 'en')
    expect(english.html).toContain('Group meetings')
    expect(english.html).toMatch(/data-testid="plan-Basic" aria-current="true"/)
  })

  it("agrees with the API's badge data and its 403", async () => {
    const { html } = await pageOf('Basic', '/tariff/features')
    const standard = await apiSpecialist('Standard')
    const options = (await standard.call('GET', '/eventTypes/getEventTypeTariffOptions')).body.data as {
      capabilities: Record<Capability, boolean>
      availableFrom: Record<Capability, string>
    }
    for (const capability of CAPABILITIES) {
      expect(included(html, capability, 'Standard')).toBe(String(options.capabilities[capability]))
      // The badge's plan is the first column of the comparison that has it.
      expect(PLAN_NAMES.find((plan) => included(html, capability, plan) === 'true')).toBe(
        options.availableFrom[capability],
      )
    }
    // A group event type: not in Standard's column, and the API refuses it with 403.
    expect(included(html, 'groupMeetings', 'Standard')).toBe('false')
    const [schedule] = (await standard.call('GET', '/schedule')).body.data
    const refused = await standard.call('POST', '/eventTypes', {
      name: 'Группа',
      link: 'group',
      color: '#2f80ed',
      eventTypePlaceType: 'Online',
      meetingPoint: 'https://example.com/room',
      durationInMinutes: 30,
      stepValue: 30,
      remindersInMinutes: [60],
      scheduleId: schedule.id,
      participantType: 'GroupNotCollective',
      minSeats: 1,
      totalSeats: 5,
    })
    expect(refused.status).toBe(403)
  })

  it('asks to sign in first', async () => {
    const response = await pageClient().get('/tariff/features')
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toContain('/login')
  })
})
