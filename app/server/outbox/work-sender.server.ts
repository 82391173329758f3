import type { Db } from '../db.server.ts'
import { type AppEnv, sessionKeys } from '../env.server.ts'
import type { MessageSender, OutgoingMessage } from './delivery.server.ts'

/** What an outbox row of the app's own work is done with. */
export type WorkDeps = { db: Db; env: AppEnv; now: number; fetcher?: typeof fetch }

/**
 * The outbox's sender of a row that is the app's own work with a person's stored grant (a calendar write, a video
 * conference): the grant opens with the session secret, so a production without it fails loudly (and retries).
 */
export abstract class WorkSender implements MessageSender {
  constructor(
    private readonly db: Db,
    private readonly env: AppEnv,
    private readonly fetcher?: typeof fetch,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    sessionKeys(this.env)
    await this.work({ db: this.db, env: this.env, now: Date.now(), fetcher: this.fetcher }, message)
  }

  protected abstract work(deps: WorkDeps, message: OutgoingMessage): Promise<void>
}
