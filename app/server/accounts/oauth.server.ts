/**
 * The OAuth sign-in flow: a one-time state and PKCE verifier out to the provider, the code back for the provider's
 * identity, an abandoned sign-in forgotten. The account it signs in to is oauth-accounts.server.ts's.
 */
import { CodeChallengeMethod, type OAuth2Client, generateCodeVerifier } from 'arctic'
import { and, eq, gt } from 'drizzle-orm'
import { oauthStates } from '#db/schema.ts'
import type { OAuthProvider } from '#app/domain/enums.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import type { AccountDeps } from './deps.server.ts'
import { nonceFor } from './apple.server.ts'
import { Refused, refuse } from '../refusal.server.ts'
import { refusal } from '#app/domain/refusal.ts'
import { ACCOUNT_LIMITS, enforceLimit } from './limits.server.ts'
import {
  OAUTH_STATE_TTL_MS,
  type ProviderConfig,
  type ProviderIdentity,
  appleIdentity,
  client,
  identityFrom,
} from './oauth-providers.server.ts'

/** How a sign-in ends: a web session (`web`), or a one-time code for an API client (`api`, with its challenge). */
export type OAuthStart = { mode: 'web' } | { mode: 'api'; codeChallenge: string | null }

/**
 * Starts a sign-in: a one-time state (stored hashed) and a PKCE verifier; the answer is the provider's
 * authorization URL and the state for the browser's cookie.
 */
export async function startOAuth(
  deps: AccountDeps,
  provider: OAuthProvider,
  config: ProviderConfig,
  redirectTo: string,
  start: OAuthStart = { mode: 'web' },
): Promise<{ url: string; state: string }> {
  await enforceLimit(deps.limits, ACCOUNT_LIMITS.oauthIp, deps.ip, deps.now)
  const state = randomToken()
  const codeVerifier = generateCodeVerifier()
  await deps.db.insert(oauthStates).values({
    stateHash: await sha256(state),
    provider,
    codeVerifier,
    redirectTo,
    mode: start.mode,
    codeChallenge: start.mode === 'api' ? start.codeChallenge : null,
    expiresAt: deps.now + OAUTH_STATE_TTL_MS,
  })
  const url = client(config, provider, deps.env).createAuthorizationURLWithPKCE(
    config.authorize,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    config.scopes,
  )
  if (provider === 'yandex') url.searchParams.set('force_confirm', 'no')
  if (provider === 'apple') {
    // The name and email scopes need the form POST; the nonce ties the ID token to this sign-in.
    url.searchParams.set('response_mode', 'form_post')
    url.searchParams.set('nonce', await nonceFor(codeVerifier))
  }
  return { url: url.toString(), state }
}

/** Where a finished provider sign-in goes, and how it ends there (see `OAuthStart`). */
export type OAuthFinish = { redirectTo: string } & OAuthStart

/**
 * The provider's callback: the state must be unused (deleted here, once) and bound to whoever started: the
 * browser's state cookie, except for an API sign-in started with a code challenge, which is bound by that challenge
 * when its one-time code is exchanged. The code is exchanged with the PKCE verifier. Answers the person and the way
 * back.
 */
export async function finishOAuth(
  deps: AccountDeps,
  provider: OAuthProvider,
  config: ProviderConfig,
  input: { code: string | null; state: string | null; cookieState: string | null; user?: string | null },
): Promise<{ identity: ProviderIdentity } & OAuthFinish> {
  const forged = new Refused(refusal('oauthState'))
  if (!input.state || !input.code) throw forged
  const stateHash = await sha256(input.state)
  const [pending] = await deps.db.select().from(oauthStates).where(eq(oauthStates.stateHash, stateHash)).limit(1)
  // A calendar consent's state never signs anyone in (app/server/calendars/oauth-calendar.server.ts finishes it).
  if (!pending || pending.provider !== provider || pending.mode === 'calendar') throw forged
  const boundByChallenge = pending.mode === 'api' && pending.codeChallenge !== null
  if (!boundByChallenge && input.state !== input.cookieState) throw forged
  const [stored] = await deps.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, deps.now)))
    .returning()
  if (!stored) throw forged
  const finish: OAuthFinish =
    stored.mode === 'api'
      ? { mode: 'api', codeChallenge: stored.codeChallenge, redirectTo: stored.redirectTo }
      : { mode: 'web', redirectTo: stored.redirectTo }
  if (config.apple) {
    const identity = await appleIdentity(deps, config, config.apple, input.code, stored.codeVerifier, input.user)
    return { identity, ...finish }
  }
  let tokens: Awaited<ReturnType<OAuth2Client['validateAuthorizationCode']>>
  try {
    tokens = await client(config, provider, deps.env).validateAuthorizationCode(
      config.token,
      input.code,
      stored.codeVerifier,
    )
  } catch (error) {
    console.warn('OAuth code exchange failed', provider, String(error))
    refuse('oauthFailed')
  }
  const idToken = 'id_token' in tokens.data ? tokens.idToken() : null
  const identity = await identityFrom(provider, config, tokens.accessToken(), idToken)
  if (!identity.providerUserId) refuse('oauthFailed')
  return { identity, ...finish }
}

/**
 * The provider a pending sign-in's state was issued to, for a provider's answer landing on `/oAuthRedirectPage`:
 * null for an unknown state, a calendar consent's (it signs nobody in) and Apple's (it answers by a POST to its own
 * path). Reads only; `finishOAuth` checks and spends the state.
 */
export async function pendingSignInProvider(deps: AccountDeps, state: string): Promise<OAuthProvider | null> {
  const [pending] = await deps.db
    .select({ provider: oauthStates.provider, mode: oauthStates.mode })
    .from(oauthStates)
    .where(eq(oauthStates.stateHash, await sha256(state)))
    .limit(1)
  return pending && pending.mode !== 'calendar' && pending.provider !== 'apple' ? pending.provider : null
}

/**
 * The person cancelled at the provider (`?error=access_denied`, Apple's `user_cancelled_authorize`): the state of
 * that sign-in is spent, so it cannot be finished later.
 */
export async function abandonOAuth(deps: AccountDeps, provider: OAuthProvider, state: string | null) {
  if (!state) return
  await deps.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, await sha256(state)), eq(oauthStates.provider, provider)))
}
