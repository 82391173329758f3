import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { SELF, createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { accountDeps } from '#app/server/accounts/deps.server.ts'
import { oauthLanding } from '#app/server/accounts/oauth-route.server.ts'
import { providerConfig } from '#app/server/accounts/oauth-providers.server.ts'
import { startOAuth } from '#app/server/accounts/oauth.server.ts'
import { sha256 } from '#app/server/auth/tokens.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { eventTypes, oauthStates, users } from '#db/schema.ts'
import * as serverBuild from '#build/server'
import { VERSION_PROBE_PATH } from '#app/components/ui/app-version.ts'
import { apiSpecialist } from './helpers/api.ts'
import { sessionCookieFor } from './helpers/users.ts'
import { newIp, unique } from './helpers/accounts.ts'

/** Issue 20's SPEC details: the duration and step fields, `/oAuthRedirectPage`. */

afterEach(() => vi.restoreAllMocks())

async function withSchedule() {
  const specialist = await apiSpecialist('Pro')
  const [schedule] = (await specialist.call('GET', '/schedule')).body.data
  const base = {
    name: 'Разбор',
    link: 'review',
    color: '#2f80ed',
    eventTypePlaceType: 'Meet',
    meetingPoint: 'Москва',
    scheduleId: schedule.id as string,
  }
  return { ...specialist, base }
}

const texts = (answer: { body: { apiErrors: { text: string }[] } }) => answer.body.apiErrors.map((error) => error.text)

describe('event type duration and slot step by the SPEC names (SPEC §3)', () => {
  it('writes and reads durationType/Value/ValueType and stepType/Value/ValueType; the minutes are stored', async () => {
    const { call, base } = await withSchedule()
    const created = await call('POST', '/eventTypes', {
      ...base,
      durationType: 'Another',
      durationValue: 2,
      durationValueType: 'Hours',
      stepType: 'Minutes30',
    })
    expect(created.status).toBe(201)
    const id = created.body.data.id as string
    const read = await call('GET', `/eventTypes/${id}`)
    expect(read.body.data).toMatchObject({
      durationInMinutes: 120,
      durationType: 'Another',
      durationValue: 2,
      durationValueType: 'Hours',
      stepType: 'Minutes30',
      stepValue: 30,
      stepValueType: 'Minutes',
    })
    // One source of truth: the stored minutes.
    const [row] = await getDb(env.DB).select().from(eventTypes).where(eq(eventTypes.id, id))
    expect([row.durationInMinutes, row.stepMinutes]).toEqual([120, 30])
    // The GET body PUT back changes nothing; the list answers the same names.
    const put = await call('PUT', `/eventTypes/${id}`, read.body.data)
    expect(put.status).toBe(200)
    expect(put.body.data).toMatchObject({ durationType: 'Another', durationValue: 2, stepType: 'Minutes30' })
    const list = await call('GET', '/eventTypes')
    expect(list.body.data.items[0]).toMatchObject({ durationInMinutes: 120, stepType: 'Minutes30' })

    // A step equal to the duration follows it.
    const equal = await call('PUT', `/eventTypes/${id}`, {
      ...base,
      durationType: 'Minutes45',
      stepType: 'Duration',
    })
    expect(equal.body.data).toMatchObject({ durationInMinutes: 45, stepType: 'Duration', stepValue: 45 })
    const [saved] = await getDb(env.DB).select().from(eventTypes).where(eq(eventTypes.id, id))
    expect(saved.stepMinutes).toBe(45)
  })

  it('still takes the older body (durationInMinutes and stepValue in minutes) and answers the SPEC fields', async () => {
    const { call, base } = await withSchedule()
    const created = await call('POST', '/eventTypes', { ...base, durationInMinutes: 50, stepValue: 20 })
    expect(created.status).toBe(201)
    const read = await call('GET', `/eventTypes/${created.body.data.id}`)
    expect(read.body.data).toMatchObject({
      durationInMinutes: 50,
      durationType: 'Another',
      durationValue: 50,
      durationValueType: 'Minutes',
      stepType: 'Another',
      stepValue: 20,
      stepValueType: 'Minutes',
    })
  })

  it('refuses bad combinations with translated texts naming the field, and saves nothing', async () => {
    const { call, base } = await withSchedule()
    const tooLong = await call('POST', '/eventTypes', {
      ...base,
      durationType: 'Another',
      durationValue: 24,
      durationValueType: 'Hours',
      stepType: 'Another',
    })
    expect(tooLong.status).toBe(400)
    expect(texts(tooLong)).toEqual(['durationValue: Не больше 1380 минут (23 часа)', 'stepValue: Обязательное поле'])
    const mismatch = await call(
      'POST',
      '/eventTypes',
      { ...base, durationType: 'Minutes30', durationInMinutes: 45, stepType: 'Minutes15', stepValue: 20 },
      { 'Accept-Language': 'en' },
    )
    expect(mismatch.status).toBe(400)
    expect(texts(mismatch)).toEqual([
      'durationInMinutes: Does not match the chosen duration or step type: send one or make them agree',
      'stepValue: Does not match the chosen duration or step type: send one or make them agree',
    ])
    const unknown = await call('POST', '/eventTypes', { ...base, durationType: 'Minutes20', stepType: 'Sometimes' })
    expect(unknown.status).toBe(400)
    expect(texts(unknown).map((text) => text.split(':')[0])).toEqual(['durationType', 'stepType'])
    expect((await call('GET', '/eventTypes')).body.data.pagination.totalCount).toBe(0)
  })
})

describe('the event type form without script (SPEC §3 fields as plain inputs)', () => {
  it('renders the type selects and the value and unit inputs, filled from the saved event type', async () => {
    const { call, base, user } = await withSchedule()
    const created = await call('POST', '/eventTypes', {
      ...base,
      durationType: 'Another',
      durationValue: 3,
      durationValueType: 'Hours',
      stepType: 'Another',
      stepValue: 20,
    })
    const cookie = await sessionCookieFor(user.id)
    const html = await (
      await SELF.fetch(`http://localhost/eventTypes/${created.body.data.id}`, { headers: { Cookie: cookie } })
    ).text()
    for (const name of ['durationType', 'durationValue', 'durationValueType', 'stepType', 'stepValue', 'stepValueType'])
      expect(html, name).toContain(`name="${name}"`)
    expect(html).toMatch(/name="durationValue"[^>]*value="3"|value="3"[^>]*name="durationValue"/)
    expect(html).toMatch(/name="stepValue"[^>]*value="20"|value="20"[^>]*name="stepValue"/)
    const fresh = await (await SELF.fetch('http://localhost/eventTypes/create', { headers: { Cookie: cookie } })).text()
    expect(fresh).toContain('name="durationValue"')
    expect(fresh).toContain('Равен длительности')
  })
})

describe('/oAuthRedirectPage (SPEC §2): where a provider sign-in lands', () => {
  const bindings = { ...env, OAUTH_MOCK_ISSUER: 'http://issuer.test' }

  function landing(query: Record<string, string>, cookie = '') {
    const request = new Request(`http://localhost/oAuthRedirectPage?${new URLSearchParams(query)}`, {
      headers: { Cookie: cookie, 'CF-Connecting-IP': newIp() },
    })
    const args = { request, context: { cloudflare: { env: bindings, ctx: createExecutionContext() } }, params: {} }
    return oauthLanding(args as unknown as LoaderFunctionArgs) as Promise<
      Response | { data: { error: string }; init: { status: number } }
    >
  }

  async function started(provider: 'google' | 'yandex', redirectTo = '/meetings') {
    const request = new Request('http://localhost/', { headers: { 'CF-Connecting-IP': newIp() } })
    const deps = accountDeps(bindings, { waitUntil: () => {} }, request, 'ru')
    const config = providerConfig(provider, bindings, parseEnv(bindings))!
    return (await startOAuth(deps, provider, config, redirectTo)).state
  }

  it('without a provider answer it is a translated "start again" page, not a 404', async () => {
    const bare = await SELF.fetch('http://localhost/oAuthRedirectPage', { headers: { Cookie: 'lng=ImVuIg%3D%3D' } })
    expect(bare.status).toBe(400)
    const html = await bare.text()
    expect(html).toContain('data-testid="oauth-error"')
    expect(html).toContain('The sign-in link is invalid or outdated')
    const forged = await SELF.fetch('http://localhost/oAuthRedirectPage?code=x&state=made-up')
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain('Ссылка входа недействительна или устарела')
  })

  it('finishes the sign-in of the provider the state was issued to, to the way back stored with it', async () => {
    const state = await started('google', '/meetings')
    const email = `${unique('landing')}@gmail.example`
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url !== 'http://issuer.test/token') throw new Error(`unexpected fetch ${url}`)
      const part = (value: unknown) => btoa(JSON.stringify(value)).replaceAll('=', '')
      const idToken = `${part({ alg: 'none' })}.${part({ sub: `g-${email}`, email, email_verified: true })}.sig`
      return Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken })
    })
    // A query's own "way on" is never followed.
    const answer = await landing(
      { code: 'provider-code', state, redirectTo: 'https://evil.example/' },
      `oauth_state=${state}`,
    )
    expect(answer).toBeInstanceOf(Response)
    const response = answer as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/meetings')
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('session='))).toBe(true)
    expect(await getDb(env.DB).select().from(users).where(eq(users.email, email))).toHaveLength(1)
  })

  it('a cancel at the provider lands as a calm translated text and spends the state; a forged browser is refused', async () => {
    const cancelled = await started('yandex')
    const answer = (await landing({ error: 'access_denied', state: cancelled })) as {
      data: { error: string }
      init: { status: number }
    }
    expect(answer.init.status).toBe(200)
    expect(answer.data.error).toBe('Вход отменён. Можно войти снова или выбрать другой способ.')
    const rows = await getDb(env.DB)
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, await sha256(cancelled)))
    expect(rows).toEqual([])
    // Another browser's state (no matching cookie) signs nobody in.
    const other = await started('google')
    const forged = (await landing({ code: 'c', state: other }, 'oauth_state=someone-else')) as {
      data: { error: string }
      init: { status: number }
    }
    expect(forged.init.status).toBe(400)
    expect(forged.data.error).toBe('Ссылка входа недействительна или устарела. Попробуйте войти ещё раз.')
  })

  it('still starts a sign-in with ?provider=', async () => {
    const answer = (await landing({ provider: 'yandex', redirectTo: '/profile' })) as Response
    expect(answer.status).toBe(302)
    expect(new URL(answer.headers.get('Location') as string).origin).toBe('http://issuer.test')
  })
})

describe('old one-time create URLs without a session (SPEC §2 "Older variants")', () => {
  it("land on today's create flow through sign-in, which keeps the way back", async () => {
    const old = await SELF.fetch('http://localhost/meetings/one-time-event/additional-settings', { redirect: 'manual' })
    expect(old.status).toBe(301)
    expect(old.headers.get('Location')).toBe('/meetings/one-time-event/create')
    const create = await SELF.fetch('http://localhost/meetings/one-time-event/create', { redirect: 'manual' })
    expect(create.status).toBe(302)
    const login = new URL(create.headers.get('Location') as string, 'http://localhost')
    expect(login.pathname).toBe('/login')
    expect([...login.searchParams.values()]).toContain('/meetings/one-time-event/create')
    const unknown = await SELF.fetch('http://localhost/meetings/one-time-event/other-step', { redirect: 'manual' })
    expect(unknown.status).toBe(404)
  })
})

describe('the version probe of a page coming back (ADR 0106)', () => {
  it('answers a HEAD without a session, naming the server build', async () => {
    const probe = await SELF.fetch(`http://localhost${VERSION_PROBE_PATH}`, { method: 'HEAD' })
    expect(probe.status).toBe(200)
    expect(probe.headers.get('X-App-Version')).toBe(serverBuild.assets.version)
    expect(await probe.text()).toBe('')
  })
})
