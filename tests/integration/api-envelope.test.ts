import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { apiSpecialist } from './helpers/api.ts'

type Envelope = { isOk: boolean; data: unknown; apiErrors: { text: string }[] }

async function call(path: string, init?: RequestInit) {
  const response = await SELF.fetch(`http://localhost${path}`, init)
  expect(response.headers.get('Content-Type')).toMatch(/application\/json/)
  return { status: response.status, body: (await response.json()) as Envelope }
}

describe('JSON API envelope', () => {
  it('answers unknown paths with 404 in the envelope, translated', async () => {
    const ru = await call('/api/v2/no-such-thing')
    expect(ru.status).toBe(404)
    expect(ru.body).toEqual({ isOk: false, data: null, apiErrors: [{ text: 'Не найдено' }] })
    const en = await call('/api/v3/no-such-thing', { headers: { 'Accept-Language': 'en-US,en;q=0.9' } })
    expect(en.body.apiErrors).toEqual([{ text: 'Not found' }])
    const unknownVersion = await call('/api/v9/definitions/eventTypeColors')
    expect(unknownVersion.status).toBe(404)
  })

  it('lists event type colours under every version', async () => {
    for (const version of ['v2', 'v3', 'v4']) {
      const { status, body } = await call(`/api/${version}/definitions/eventTypeColors`)
      expect(status).toBe(200)
      expect(body.isOk).toBe(true)
      expect((body.data as string[])[0]).toBe('#ff0000')
    }
  })

  it('lists time zones with the preferred one first and the SPEC fields', async () => {
    const { body } = await call('/api/v2/definitions/timeZones?preferredIanaId=Asia/Yekaterinburg', {
      headers: { 'Accept-Language': 'en' },
    })
    const zones = body.data as Record<string, string>[]
    expect(zones[0].ianaId).toBe('Asia/Yekaterinburg')
    expect(zones[0].utcDiffTime).toBe('+05:00')
    expect(zones[0].countryName).toBe('Russia')
    expect(Object.keys(zones[0]).sort()).toEqual(
      ['countryName', 'displayName', 'ianaId', 'localTime', 'name', 'utcDiffTime'].sort(),
    )
    expect(zones[0].localTime).toMatch(/^\d\d:\d\d$/)
    const moscow = zones.find((zone) => zone.ianaId === 'Europe/Moscow')
    expect(moscow?.utcDiffTime).toBe('+03:00')
    const ru = await call('/api/v2/definitions/timeZones')
    const moscowRu = (ru.body.data as Record<string, string>[]).find((zone) => zone.ianaId === 'Europe/Moscow')
    expect(moscowRu?.countryName).toBe('Россия')
  })

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const { status, body } = await call('/api/v2/identity/signin/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"broken":',
    })
    expect(status).toBe(400)
    expect(body.apiErrors[0].text).toBe('Некорректный JSON в теле запроса')
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/)
  })

  it('answers another method on a known path with 405, the methods it takes and a translated text', async () => {
    const response = await SELF.fetch('http://localhost/api/v2/definitions/timeZones', { method: 'DELETE' })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('GET, HEAD')
    expect(await response.json()).toEqual({ isOk: false, data: null, apiErrors: [{ text: 'Метод не поддерживается' }] })
    const en = await call('/api/v3/definitions/eventTypeColors', {
      method: 'POST',
      headers: { 'Accept-Language': 'en', 'Content-Type': 'application/json' },
      body: '{"broken":',
    })
    expect(en.status).toBe(405)
    expect(en.body.apiErrors).toEqual([{ text: 'Method not allowed' }])
    // A path with parameters, behind sign-in: matched like the router does, once signed in.
    const { call: signedIn } = await apiSpecialist()
    const withId = await signedIn('PATCH', '/eventTypes/some-id', {})
    expect(withId.status).toBe(405)
    expect(withId.body.apiErrors).toEqual([{ text: 'Метод не поддерживается' }])
    // Unknown paths stay 404, whatever the method.
    expect((await call('/api/v2/definitions/nothing', { method: 'DELETE' })).status).toBe(404)
  })
})
