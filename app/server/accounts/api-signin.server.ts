/**
 * Provider sign-in for JSON API clients (SPEC §7 `GET|DELETE /identity/signup/{service}`, `POST /apiKey/signin`;
 * SPEC §4 "Auth start"; docs/decisions/0010-accounts.md): the client gets the provider's authorization URL, the
 * provider comes back to the ordinary callback, which sends the browser on to the client's `redirectUrl` with a
 * one-time code; the client exchanges the code for a token pair.
 */
import { and, eq, gt, sql } from 'drizzle-orm'
import { type OAuthProvider, apiSigninCodes, oauthAccounts, users } from '#db/schema.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import type { Db } from '../db.server.ts'
import type { AccountDeps } from './deps.server.ts'
import { Refused, refuse } from '../refusal.server.ts'
import { refusal } from '#app/domain/refusal.ts'
import { hasUnsafeUrlCharacter, safeRedirectPath } from '#app/utils/safe-redirect.ts'

/** The one-time code lives 2 minutes: long enough for an app to wake up, short enough to be useless in a log. */
export const API_SIGNIN_CODE_TTL_MS = 2 * 60_000

/** RFC 7636: an S256 challenge is 43 base64url characters; a verifier 43 to 128 unreserved characters. */
export const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/
export const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/

/** base64url(SHA-256(verifier)), as RFC 7636 S256. */
export async function codeChallengeOf(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

/** `https://app.example/auth?x=1#y` to `https://app.example/auth`, what a registered URL is compared by. */
function withoutQuery(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`
}

/**
 * Where an API sign-in may send its one-time code: a path of this site (kept as a safe path), an absolute URL of
 * this site (kept as its path), or a URL registered in `OAUTH_API_REDIRECT_URLS` (for an app on another origin or
 * a custom scheme; compared without its query). Anything else is null: the code never leaves for an unknown place.
 */
export function apiRedirectTarget(value: string | undefined, appUrl: string, registered: unknown): string | null {
  if (!value || hasUnsafeUrlCharacter(value)) return null
  if (value.startsWith('/')) return safeRedirectPath(value, '') || null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  const app = new URL(appUrl)
  if (url.origin === app.origin) return safeRedirectPath(`${url.pathname}${url.search}${url.hash}`, '') || null
  const allowed = (typeof registered === 'string' ? registered : '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .flatMap((entry) => {
      try {
        return [withoutQuery(new URL(entry))]
      } catch {
        return []
      }
    })
  return allowed.includes(withoutQuery(url)) ? url.href : null
}

/** The way back with the one-time code added to its query (a path stays a path). */
export function locationWithCode(target: string, code: string): string {
  const isPath = target.startsWith('/')
  const url = new URL(target, 'http://same-origin.invalid')
  url.searchParams.set('code', code)
  return isPath ? `${url.pathname}${url.search}${url.hash}` : url.href
}

/** A fresh one-time code for the user, stored only as its hash with the client's challenge (if any). */
export async function issueApiSigninCode(
  deps: Pick<AccountDeps, 'db' | 'now'>,
  userId: string,
  codeChallenge: string | null,
): Promise<string> {
  const code = randomToken()
  await deps.db.insert(apiSigninCodes).values({
    codeHash: await sha256(code),
    userId,
    codeChallenge,
    expiresAt: deps.now + API_SIGNIN_CODE_TTL_MS,
    createdAt: deps.now,
  })
  return code
}

/**
 * `POST /apiKey/signin`: the code is spent by one conditional DELETE (a second use, or a concurrent one, finds
 * nothing), then the verifier must match the challenge the sign-in started with. Any failure: the same 400.
 */
export async function exchangeApiSigninCode(
  deps: Pick<AccountDeps, 'db' | 'now'>,
  input: { code: string; codeVerifier?: string },
): Promise<string> {
  const invalid = new Refused(refusal('apiSigninInvalid', 'code'))
  const [row] = await deps.db
    .delete(apiSigninCodes)
    .where(and(eq(apiSigninCodes.codeHash, await sha256(input.code)), gt(apiSigninCodes.expiresAt, deps.now)))
    .returning()
  if (!row) throw invalid
  if (row.codeChallenge !== null) {
    if (!input.codeVerifier || (await codeChallengeOf(input.codeVerifier)) !== row.codeChallenge) throw invalid
  }
  return row.userId
}

/**
 * `DELETE /identity/signup/{service}`: unlinks the provider from the account, in one statement that refuses when
 * it would leave no way in (no password and no other provider), so two concurrent unlinks cannot both pass.
 */
export async function unlinkProvider(db: Db, userId: string, provider: OAuthProvider): Promise<void> {
  const [linked] = await db
    .select({ id: oauthAccounts.id })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)))
    .limit(1)
  if (!linked) refuse('oauthNotLinked')
  const deleted = await db
    .delete(oauthAccounts)
    .where(
      and(
        eq(oauthAccounts.userId, userId),
        eq(oauthAccounts.provider, provider),
        sql`(exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.passwordHash} is not null)
          or exists (select 1 from ${oauthAccounts} other where other.user_id = ${userId} and other.provider <> ${provider}))`,
      ),
    )
    .returning({ id: oauthAccounts.id })
  if (deleted.length === 0) refuse('oauthLastWayIn')
}
