import { env } from 'cloudflare:workers'
import { SEALED_PURPOSES, seal } from '#app/server/crypto/sealed.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv, sessionKeys } from '#app/server/env.server.ts'
import { videoGrants } from '#db/schema.ts'
import type { FakeTelemost } from '../../fakes/telemost-api.ts'

/** The organizer's Yandex Telemost connection, its OAuth grant sealed as the connect flow stores it. */
export async function connectTelemost(ownerId: string, telemost: FakeTelemost) {
  await getDb(env.DB)
    .insert(videoGrants)
    .values({
      ownerId,
      login: 'irina@yandex.ru',
      credentialsEnc: await seal(
        sessionKeys(parseEnv(env)),
        SEALED_PURPOSES.videoCredentials,
        JSON.stringify({ kind: 'oauth', ...telemost.oauth.grant() }),
      ),
    })
}
