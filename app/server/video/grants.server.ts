/**
 * A specialist's Yandex Telemost grant (issue 15, docs/decisions/0098-video-meetings.md): connected through Yandex's
 * consent page with the Telemost scope (the shared consent of app/server/calendars/oauth-api.server.ts, mode
 * `telemost`, bound to the owner who asked), stored sealed (AES-GCM, its own purpose), refreshed when it expires, and
 * marked revoked when Yandex refuses it, which the integrations page shows until the specialist reconnects.
 */
import { eq } from 'drizzle-orm'
import type { PlanName } from '#app/domain/enums.ts'
import { can } from '#app/domain/plans.ts'
import { videoGrants } from '#db/schema.ts'
import { providerConfig } from '../accounts/oauth-providers.server.ts'
import {
  type Fetcher,
  type OAuthApi,
  exchangeCode,
  oauthApi,
  oauthApiClient,
  platformFetch,
  send,
  spendConsent,
  startConsent,
} from '../calendars/oauth-api.server.ts'
import type { CalendarCredentials } from '../calendars/provider.server.ts'
import { CalendarAuthError } from '../calendars/provider.server.ts'
import { SEALED_PURPOSES, seal, unseal } from '../crypto/sealed.server.ts'
import { refuse } from '../refusal.server.ts'
import { type Conference, createConference } from './telemost.server.ts'
import type { Db } from '../db.server.ts'
import { type AppEnv, sessionKeys } from '../env.server.ts'

const PURPOSE = SEALED_PURPOSES.videoCredentials

export type VideoDeps = { db: Db; env: AppEnv; now: number; fetcher?: Fetcher }
export type VideoGrant = typeof videoGrants.$inferSelect

/** Where a consent started from a popup ends: the page that hands the outcome to its opener (SPEC §4). */
export const POPUP_RETURN = 'popup'

/** Whether the deployment has a Yandex OAuth client to connect Telemost with. */
export function telemostConfigured(env: AppEnv): boolean {
  return oauthApiClient(env, 'telemost') !== null
}

/**
 * Yandex's consent page for the owner (`GET /telemost/oauthFormLink`), or null when no Yandex client is configured.
 * `returnTo`: a same-origin path to come back to, or POPUP_RETURN.
 */
export function telemostConsentUrl(deps: VideoDeps, ownerId: string, returnTo: string): Promise<string | null> {
  return startConsent(deps, ownerId, 'telemost', returnTo)
}

export type TelemostConsentProblem = 'state' | 'cancelled' | 'failed' | 'notConfigured'
export type TelemostConsentOutcome = { ok: boolean; problem: TelemostConsentProblem | null; returnTo: string }

/** The Yandex account's address (or login), for the card; '' when Yandex does not say. */
async function accountLogin(env: AppEnv, accessToken: string, fetcher: Fetcher): Promise<string> {
  const userinfo = providerConfig('yandex', env, env)?.userinfo
  if (!userinfo) return ''
  try {
    const response = await send(fetcher, userinfo, { headers: { Authorization: `OAuth ${accessToken}` } }, 'userinfo')
    if (!response.ok) return ''
    const info = (await response.json()) as Record<string, unknown>
    const pick = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
    return pick(info.default_email) || pick(info.email) || pick(info.login) || pick(info.sub)
  } catch {
    return ''
  }
}

/** The return page's work: this owner's pending Telemost consent (spent once), the code exchanged, the grant kept. */
export async function finishTelemostConsent(
  deps: VideoDeps,
  ownerId: string,
  answer: { code: string | null; state: string | null; error: string | null },
): Promise<TelemostConsentOutcome> {
  const stored = answer.state ? await spendConsent(deps, ownerId, 'telemost', answer.state) : null
  const returnTo = stored?.redirectTo ?? '/integrations'
  const failed = (problem: TelemostConsentProblem) => ({ ok: false, problem, returnTo })
  if (!stored) return failed('state')
  if (answer.error || !answer.code) return failed(answer.error === 'access_denied' ? 'cancelled' : 'failed')
  const client = oauthApiClient(deps.env, 'telemost')
  if (!client) return failed('notConfigured')
  const fetcher = deps.fetcher ?? platformFetch
  let credentials: CalendarCredentials
  try {
    const tokens = await exchangeCode(client, answer.code, stored.codeVerifier, fetcher)
    credentials = {
      kind: 'oauth',
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt,
    }
  } catch (error) {
    console.warn('Telemost consent: code exchange failed', String(error))
    return failed('failed')
  }
  const login = await accountLogin(deps.env, credentials.accessToken, fetcher)
  const credentialsEnc = await seal(sessionKeys(deps.env), PURPOSE, JSON.stringify(credentials))
  await deps.db
    .insert(videoGrants)
    .values({ ownerId, service: 'telemost', login, credentialsEnc, createdAt: deps.now, updatedAt: deps.now })
    .onConflictDoUpdate({
      target: videoGrants.ownerId,
      set: { login, credentialsEnc, isRevoked: false, updatedAt: deps.now },
    })
  return { ok: true, problem: null, returnTo }
}

export async function telemostGrant(db: Db, ownerId: string): Promise<VideoGrant | null> {
  const [grant] = await db.select().from(videoGrants).where(eq(videoGrants.ownerId, ownerId)).limit(1)
  return grant ?? null
}

/** What the event type form and the integrations card show of Telemost (never a token). */
export type TelemostState = { configured: boolean; connected: boolean; revoked: boolean; login: string }

export async function telemostState(db: Db, env: AppEnv, ownerId: string): Promise<TelemostState> {
  const grant = await telemostGrant(db, ownerId)
  return {
    configured: telemostConfigured(env),
    connected: grant !== null,
    revoked: grant?.isRevoked ?? false,
    login: grant?.login ?? '',
  }
}

/** The authorized Telemost API of a grant; refreshed tokens are sealed back; null when the tokens no longer open. */
export async function telemostApi(deps: VideoDeps, grant: VideoGrant): Promise<OAuthApi | null> {
  const keys = sessionKeys(deps.env)
  const plain = await unseal(keys, PURPOSE, grant.credentialsEnc)
  if (plain === null) return null
  return oauthApi({
    provider: 'telemost',
    credentials: JSON.parse(plain) as CalendarCredentials,
    env: deps.env,
    fetcher: deps.fetcher ?? platformFetch,
    onCredentials: async (credentials) => {
      const credentialsEnc = await seal(keys, PURPOSE, JSON.stringify(credentials))
      await deps.db
        .update(videoGrants)
        .set({ credentialsEnc, updatedAt: Date.now() })
        .where(eq(videoGrants.ownerId, grant.ownerId))
    },
  })
}

/**
 * A conference now, with the owner's grant (`POST /telemost/videoConference`, SPEC §4: the link fills an event type's
 * meeting point). Refused without the plan or a live grant; a refused grant is marked and refused; Telemost down throws.
 */
export async function conferenceNow(deps: VideoDeps, owner: { id: string; plan: PlanName }): Promise<Conference> {
  if (!can(owner.plan, 'videoMeetingLinks')) refuse('planLimit')
  const grant = await telemostGrant(deps.db, owner.id)
  const api = grant && !grant.isRevoked ? await telemostApi(deps, grant) : null
  if (!api) refuse('telemostNotConnected')
  try {
    return await createConference(api, deps.env)
  } catch (error) {
    if (!(error instanceof CalendarAuthError)) throw error
    await markTelemostRevoked(deps.db, owner.id, deps.now)
    refuse('telemostNotConnected')
  }
}

/** Yandex refused the grant: conferences wait, the integrations card asks to reconnect. */
export async function markTelemostRevoked(db: Db, ownerId: string, now: number) {
  await db.update(videoGrants).set({ isRevoked: true, updatedAt: now }).where(eq(videoGrants.ownerId, ownerId))
}

/** The specialist disconnects Telemost: the grant is forgotten (links already created stay with their meetings). */
export async function disconnectTelemost(db: Db, ownerId: string) {
  await db.delete(videoGrants).where(eq(videoGrants.ownerId, ownerId))
}
