import type { TFunction } from 'i18next'
import type { Language } from '#app/i18n/config.ts'
import type { ApiUser } from '#app/server/auth/api-user.server.ts'
import type { PatGrant } from '#app/server/auth/pat.server.ts'
import type { Db } from '#app/server/db.server.ts'
import type { AppEnv, Bindings } from '#app/server/env.server.ts'

/** What every API handler can read from its context. */
export type ApiEnv = {
  Bindings: Bindings
  Variables: {
    config: AppEnv
    db: Db
    language: Language
    t: TFunction
    /** The viewer's IANA time zone from the `timezone` header or query (SPEC §7), if given. */
    viewerTimeZone: string | null
    /** The signed-in user, set by `requireAuth` (workers/api/auth.ts). */
    user: ApiUser
    /** The personal access token the call came with, if it came with one (issue 17). */
    pat?: PatGrant
  }
}
