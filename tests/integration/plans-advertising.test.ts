import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { telegramBindings, users } from '#db/schema.ts'
import { apiSpecialist } from './helpers/api.ts'
import { pageClient, sessionCookieFor } from './helpers/users.ts'

type Card = { id: string; title: string; link: string }
const ids = async (call: Awaited<ReturnType<typeof apiSpecialist>>['call'], language = 'ru') =>
  ((await call('GET', '/eventAdvertising', undefined, { 'Accept-Language': language })).body.data as Card[]).map(
    (card) => card.id,
  )

describe('advertising cards (SPEC §7 eventAdvertising)', () => {
  it('lists the cards a specialist lacks, translated; none for what they have; closing one is for good', async () => {
    const { user, call } = await apiSpecialist('Basic')
    const answer = await call('GET', '/eventAdvertising', undefined, { 'Accept-Language': 'en' })
    expect(answer.body.data).toContainEqual({
      id: 'upgrade',
      title: 'More with Pro',
      text: expect.any(String),
      actionText: 'See plans',
      link: '/tariff?plan=Pro',
    })
    expect(await ids(call)).toEqual(['connectCalendar', 'telegramBot', 'upgrade', 'shareLink'])

    await getDb(env.DB).insert(telegramBindings).values({ userId: user.id, chatId: '42' })
    await getDb(env.DB).update(users).set({ plan: 'Pro' }).where(eq(users.id, user.id))
    expect(await ids(call)).toEqual(['connectCalendar', 'shareLink'])

    expect(
      (await call('PUT', '/eventAdvertising/shareLink/isClosed', { isClosed: true, isConsentMailing: true })).status,
    ).toBe(200)
    expect(await ids(call)).toEqual(['connectCalendar'])
    // Closing again changes nothing; an unknown card is a 404; a bad body a 400.
    expect((await call('PUT', '/eventAdvertising/shareLink/isClosed', { isClosed: true })).status).toBe(200)
    expect((await call('PUT', '/eventAdvertising/nope/isClosed', { isClosed: true })).status).toBe(404)
    expect((await call('PUT', '/eventAdvertising/upgrade/isClosed', { isClosed: 'yes' })).status).toBe(400)
    // Another specialist still sees every card.
    const other = await apiSpecialist('Basic')
    expect(await ids(other.call)).toContain('shareLink')
  })

  it('shows the cards on the home page and closes one with a plain form', async () => {
    const { user } = await apiSpecialist('Standard')
    const client = pageClient(await sessionCookieFor(user.id))
    const home = await (await client.get('/')).text()
    expect(home).toContain('data-testid="advertising-upgrade"')
    expect(home).toContain('action="/advertising/upgrade"')
    const closed = await client.post('/advertising/upgrade', {})
    expect(closed.status).toBe(302)
    expect(closed.headers.get('Location')).toBe('/')
    const after = await (await client.get('/')).text()
    expect(after).not.toContain('data-testid="advertising-upgrade"')
    expect(after).toContain('data-testid="advertising-shareLink"')
    expect((await client.post('/advertising/nope', {})).status).toBe(404)
  })
})
