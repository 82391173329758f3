import { and, eq, isNull } from 'drizzle-orm'
import { loginProblem } from '#app/domain/accounts/rules.ts'
import { newId } from '#app/domain/ids.ts'
import { oauthAccounts, users } from '#db/schema.ts'
import type { OAuthProvider } from '#app/domain/enums.ts'
import type { AccountDeps } from './deps.server.ts'
import { refuse } from '../refusal.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { defaultScheduleInsert } from '../schedules/schedules.server.ts'
import type { ProviderIdentity } from './oauth-providers.server.ts'

/** A free login made from the email's local part (SPEC §5 rules), with digits added when taken. */
async function freeLogin(deps: AccountDeps, email: string): Promise<string> {
  let base = email
    .split('@')[0]
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 40)
  if (loginProblem(base)) base = `user${base}`
  for (let i = 0; i < 20; i++) {
    const candidate = i === 0 ? base : `${base}${Math.floor(Math.random() * 10 ** Math.min(2 + i, 8))}`
    if (loginProblem(candidate)) continue
    const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.login, candidate)).limit(1)
    if (!taken) return candidate
  }
  return `user${newId(deps.now).replaceAll('-', '').slice(-12)}`
}

/**
 * Who signs in (issue 4): a linked provider account signs its user in; otherwise only a verified email
 * links to a local account, and only to a confirmed one. An unconfirmed registration with that email,
 * which anyone could have made, is never entered: it is replaced by a new account for the provider's person.
 */
export async function resolveOAuthUser(deps: AccountDeps, provider: OAuthProvider, identity: ProviderIdentity) {
  const [linked] = await deps.db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, identity.providerUserId)))
    .limit(1)
  if (linked) return linked.user
  if (!identity.email || !identity.emailVerified) refuse('oauthUnverifiedEmail')
  const email = identity.email.trim().toLowerCase()
  const link = (userId: string) =>
    deps.db.insert(oauthAccounts).values({
      id: newId(deps.now),
      provider,
      providerUserId: identity.providerUserId,
      userId,
      email,
    })
  const [existing] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1)
  if (existing?.emailVerifiedAt) {
    await link(existing.id)
    return existing
  }
  const user = {
    id: newId(deps.now),
    login: await freeLogin(deps, email),
    email,
    emailVerifiedAt: deps.now,
    passwordHash: null,
    firstName: identity.firstName.trim() || email.split('@')[0],
    lastName: identity.lastName.trim(),
    culture: deps.language,
    createdAt: deps.now,
  }
  await deps.db.batch([
    deps.db.delete(users).where(and(eq(users.email, email), isNull(users.emailVerifiedAt))),
    deps.db.insert(users).values(user),
    defaultScheduleInsert(deps.db, user.id, getT(deps.language)('schedules:defaultName'), deps.now),
    link(user.id),
  ])
  const [created] = await deps.db.select().from(users).where(eq(users.id, user.id)).limit(1)
  return created
}
