/**
 * Personal access tokens (issue 17, docs/decisions/0101-api-webhooks-tokens.md): made with the person's own sign-in,
 * answered once, stored hashed, usable as Bearer, read-only refused on writes, revoked at once, rate-limited per token.
 */
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PAT_RATE_LIMIT } from '#app/server/auth/pat.server.ts'
import { sha256 } from '#app/server/auth/tokens.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { personalAccessTokens } from '#db/schema.ts'
import { type ApiAnswer, apiSpecialist } from './helpers/api.ts'

const db = () => getDb(env.DB)

async function withToken(token: string, method: string, path: string, body?: unknown, language = 'en') {
  const response = await SELF.fetch(`http://localhost/api/v2${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Accept-Language': language },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as ApiAnswer['body'] }
}

describe('personal access tokens', () => {
  it('are shown once, stored hashed, listed with their last use, and act as their owner', async () => {
    const { user, call } = await apiSpecialist()
    const created = await call('POST', '/personalAccessTokens', { name: 'CRM sync', scope: 'write' })
    expect(created.status).toBe(201)
    const { id, token } = created.body.data
    expect(token).toMatch(/^fs_pat_[A-Za-z0-9_-]{43}$/)
    const [stored] = await db().select().from(personalAccessTokens).where(eq(personalAccessTokens.id, id))
    expect(stored.tokenHash).toBe(await sha256(token))
    expect(JSON.stringify(stored)).not.toContain(token.slice(7))

    const before = (await call('GET', '/personalAccessTokens')).body.data
    expect(before).toEqual([{ id, name: 'CRM sync', scope: 'write', createdAt: expect.any(String), lastUsedAt: null }])
    expect(JSON.stringify(before)).not.toContain('fs_pat_')

    const profile = await withToken(token, 'GET', '/profile')
    expect(profile.status).toBe(200)
    expect(profile.body.data.userId).toBe(user.id)
    const [used] = await db().select().from(personalAccessTokens).where(eq(personalAccessTokens.id, id))
    expect(used.lastUsedAt).toBeGreaterThan(0)
    // Written at most once a minute.
    await withToken(token, 'GET', '/profile')
    const [again] = await db().select().from(personalAccessTokens).where(eq(personalAccessTokens.id, id))
    expect(again.lastUsedAt).toBe(used.lastUsedAt)
    expect((await call('GET', '/personalAccessTokens')).body.data[0].lastUsedAt).toBe(
      new Date(used.lastUsedAt ?? 0).toISOString(),
    )

    // A read-write token writes.
    const hook = await withToken(token, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/h', events: ['booking.moved'] })
    expect(hook.status).toBe(201)
  })

  it('refuses writes with a read-only token, translated, and changes nothing', async () => {
    const { call } = await apiSpecialist()
    const { token } = (await call('POST', '/personalAccessTokens', { name: 'Reports', scope: 'read' })).body.data
    expect((await withToken(token, 'GET', '/webhooks')).status).toBe(200)
    const refused = await withToken(token, 'POST', '/webhooks', {
      url: 'http://127.0.0.1:9/h',
      events: ['booking.moved'],
    })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ isOk: false, data: null, apiErrors: [{ text: 'This token is read-only' }] })
    const ru = await withToken(token, 'DELETE', '/webhooks/x', undefined, 'ru')
    expect(ru.status).toBe(403)
    expect(ru.body.apiErrors[0].text).toBe('Этот токен только для чтения')
    expect((await call('GET', '/webhooks')).body.data).toEqual([])
  })

  it('cannot manage tokens: a token cannot mint tokens', async () => {
    const { call } = await apiSpecialist()
    const { token } = (await call('POST', '/personalAccessTokens', { name: 'All', scope: 'write' })).body.data
    const minted = await withToken(token, 'POST', '/personalAccessTokens', { name: 'More', scope: 'write' })
    expect(minted.status).toBe(403)
    expect(minted.body.apiErrors[0].text).toContain('cannot manage tokens')
    expect((await withToken(token, 'GET', '/personalAccessTokens')).status).toBe(403)
    expect((await call('GET', '/personalAccessTokens')).body.data).toHaveLength(1)
    // Nor delete the account.
    expect((await withToken(token, 'DELETE', '/profile')).status).toBe(403)
    expect((await call('GET', '/profile')).status).toBe(200)
  })

  it('answers 401 at once after a revoke, and 404 for revoking another owner’s token', async () => {
    const owner = await apiSpecialist()
    const other = await apiSpecialist()
    const { id, token } = (await owner.call('POST', '/personalAccessTokens', { name: 'CI', scope: 'read' })).body.data
    expect((await other.call('DELETE', `/personalAccessTokens/${id}`)).status).toBe(404)
    expect((await withToken(token, 'GET', '/profile')).status).toBe(200)
    expect((await owner.call('DELETE', `/personalAccessTokens/${id}`)).status).toBe(200)
    const after = await withToken(token, 'GET', '/profile')
    expect(after.status).toBe(401)
    expect(after.body.apiErrors[0].text).toBe('Authorization required')
    expect((await withToken('fs_pat_made-up', 'GET', '/profile')).status).toBe(401)
  })

  it('validates the form, translated', async () => {
    const { call } = await apiSpecialist()
    const bad = await call('POST', '/personalAccessTokens', { name: ' ', scope: 'admin' }, { 'Accept-Language': 'en' })
    expect(bad.status).toBe(400)
    expect(bad.body.apiErrors.map((e) => e.text.split(':')[0])).toEqual(['name', 'scope'])
    expect((await call('GET', '/personalAccessTokens')).body.data).toEqual([])
  })

  it('limits each token on its own, with 429 and Retry-After', async () => {
    const { call } = await apiSpecialist()
    const { token } = (await call('POST', '/personalAccessTokens', { name: 'Busy', scope: 'read' })).body.data
    const { token: calm } = (await call('POST', '/personalAccessTokens', { name: 'Calm', scope: 'read' })).body.data
    const statuses: number[] = []
    for (let i = 0; i < PAT_RATE_LIMIT.limit; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, PAT_RATE_LIMIT.limit - i) }, () => withToken(token, 'GET', '/webhooks')),
      )
      statuses.push(...batch.map((r) => r.status))
    }
    expect(statuses.every((s) => s === 200)).toBe(true)
    const over = await withToken(token, 'GET', '/webhooks')
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(over.body.apiErrors[0].text).toBe('Too many requests, try again later')
    expect((await withToken(calm, 'GET', '/webhooks')).status).toBe(200)
  })
})
