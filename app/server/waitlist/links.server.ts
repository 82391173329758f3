/**
 * The waitlist entry's emailed link (docs/decisions/0108-waitlist.md): `/waitlist/<entry id>.<HMAC>` signed with the
 * session secret, so it cannot be guessed from an id and needs no stored token. It opens the entry's page: a GET
 * only shows (mail scanners prefetch links), the page's buttons post "book the offered seat" or "leave the line".
 */
import { hmac, verifyHmac } from '../auth/tokens.server.ts'
import { type AppEnv, sessionKeys } from '../env.server.ts'

const purpose = (entryId: string) => `waitlist:${entryId}`

export async function waitlistToken(env: AppEnv, entryId: string): Promise<string> {
  return `${entryId}.${await hmac(sessionKeys(env), purpose(entryId))}`
}

export async function waitlistLink(env: AppEnv, entryId: string, language: string): Promise<string> {
  const url = new URL(`/waitlist/${encodeURIComponent(await waitlistToken(env, entryId))}`, env.APP_URL)
  url.searchParams.set('lang', language)
  return url.toString()
}

/** The entry id a link names, when its signature is right; null otherwise. */
export async function entryIdOfToken(env: AppEnv, token: string): Promise<string | null> {
  const dot = token.lastIndexOf('.')
  if (dot <= 0 || token.length > 300) return null
  const entryId = token.slice(0, dot)
  return (await verifyHmac(sessionKeys(env), purpose(entryId), token.slice(dot + 1))) ? entryId : null
}
