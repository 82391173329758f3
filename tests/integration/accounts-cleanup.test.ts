import { createExecutionContext, createScheduledController } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { getDb } from '#app/server/db.server.ts'
import { accountSecrets, apiSigninCodes, oauthStates, refreshTokens, sessions, users } from '#db/schema.ts'
import worker from '#workers/app.ts'
import { api, signupBody, unique } from './helpers/accounts.ts'
import { createTestUser } from './helpers/users.ts'

const db = () => getDb(env.DB)
const HOUR = 60 * 60_000
const DAY = 24 * HOUR

async function secret(userId: string, kind: 'signupCode' | 'emailLink' | 'restore', expiresAt: number) {
  const id = newId()
  await db()
    .insert(accountSecrets)
    .values({ id, userId, kind, secretHash: unique('hash'), expiresAt, createdAt: expiresAt - HOUR })
  return id
}

async function session(userId: string, expiresAt: number) {
  const id = newId()
  await db()
    .insert(sessions)
    .values({ id, userId, tokenHash: unique('session'), expiresAt })
  return id
}

async function refreshToken(userId: string, expiresAt: number, usedAt: number | null = null) {
  const id = newId()
  await db()
    .insert(refreshTokens)
    .values({ id, userId, tokenHash: unique('refresh'), familyId: id, expiresAt, usedAt })
  return id
}

async function runHourly(now: number) {
  const controller = createScheduledController({ scheduledTime: now, cron: '0 * * * *' })
  await worker.scheduled(controller, env, createExecutionContext())
}

describe('the hourly accounts cleanup', () => {
  it('deletes expired sessions, refresh tokens, OAuth states, API codes and reset links, and keeps live ones', async () => {
    const now = Date.now()
    const user = await createTestUser()
    const ids = {
      oldSession: await session(user.id, now - 1),
      liveSession: await session(user.id, now + DAY),
      oldRefresh: await refreshToken(user.id, now - 1),
      // A used (rotated) token that has not expired stays: presenting it again must still revoke its family.
      usedRefresh: await refreshToken(user.id, now + DAY, now - HOUR),
      oldRestore: await secret(user.id, 'restore', now - 1),
      liveRestore: await secret(user.id, 'restore', now + HOUR),
      // A reset confirmed this account without its code: the expired code is of no use any more.
      leftoverCode: await secret(user.id, 'signupCode', now - 1),
    }
    const states = { old: unique('state'), live: unique('state') }
    await db()
      .insert(oauthStates)
      .values([
        { stateHash: states.old, provider: 'google', codeVerifier: 'v', expiresAt: now - 1 },
        { stateHash: states.live, provider: 'google', codeVerifier: 'v', expiresAt: now + HOUR },
      ])
    const codes = { old: unique('code'), live: unique('code') }
    await db()
      .insert(apiSigninCodes)
      .values([
        { codeHash: codes.old, userId: user.id, expiresAt: now - 1 },
        { codeHash: codes.live, userId: user.id, expiresAt: now + HOUR },
      ])

    await runHourly(now)

    const sessionIds = (await db().select().from(sessions).where(eq(sessions.userId, user.id))).map((row) => row.id)
    expect(sessionIds).toEqual([ids.liveSession])
    const refreshIds = (await db().select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).map(
      (row) => row.id,
    )
    expect(refreshIds).toEqual([ids.usedRefresh])
    const secretIds = (await db().select().from(accountSecrets).where(eq(accountSecrets.userId, user.id))).map(
      (row) => row.id,
    )
    expect(secretIds).toEqual([ids.liveRestore])
    const stateRows = await db()
      .select()
      .from(oauthStates)
      .where(inArray(oauthStates.stateHash, [states.old, states.live]))
    expect(stateRows.map((row) => row.stateHash)).toEqual([states.live])
    const codeRows = await db()
      .select()
      .from(apiSigninCodes)
      .where(inArray(apiSigninCodes.codeHash, [codes.old, codes.live]))
    expect(codeRows.map((row) => row.codeHash)).toEqual([codes.live])
  })

  it('deletes an unconfirmed sign-up 7 days after its last code and link expired, freeing its login', async () => {
    const now = Date.now()
    const unconfirmed = (createdAt: number) => createTestUser({ emailVerifiedAt: null, createdAt })
    // Link expired 8 days ago: past the 7-day bound.
    const stale = await unconfirmed(now - 9 * DAY)
    await secret(stale.id, 'signupCode', now - 9 * DAY + 15 * 60_000)
    await secret(stale.id, 'emailLink', now - 8 * DAY)
    // Sent again 2 days ago: its link expired a day ago, so it still says "expired, request a new one".
    const resent = await unconfirmed(now - 9 * DAY)
    const resentCode = await secret(resent.id, 'signupCode', now - 2 * DAY + 15 * 60_000)
    await secret(resent.id, 'emailLink', now - DAY)
    // Fresh.
    const fresh = await unconfirmed(now - HOUR)
    await secret(fresh.id, 'emailLink', now + 23 * HOUR)
    // Old but confirmed: never touched.
    const confirmed = await createTestUser({ createdAt: now - 90 * DAY })

    const taken = await api('POST', '/identity/signup/email', { body: signupBody({ login: stale.login }) })
    expect(taken.body.apiErrors).toEqual([{ text: 'login: Этот логин уже занят' }])

    await runHourly(now)

    const left = await db()
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [stale.id, resent.id, fresh.id, confirmed.id]))
    expect(left.map((row) => row.id).sort()).toEqual([resent.id, fresh.id, confirmed.id].sort())
    // Its secrets went with it; the kept account keeps its expired code for the "expired" message.
    expect(await db().select().from(accountSecrets).where(eq(accountSecrets.userId, stale.id))).toEqual([])
    const kept = await db().select().from(accountSecrets).where(eq(accountSecrets.userId, resent.id))
    expect(kept.map((row) => row.id)).toContain(resentCode)

    const free = await api('POST', '/identity/signup/email', { body: signupBody({ login: stale.login }) })
    expect(free.status).toBe(201)

    // A second, overlapping run finds nothing more of these.
    await runHourly(now)
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, resent.id))).toHaveLength(1)
  })
})
