/**
 * The minute's waitlist sweep (docs/decisions/0108-waitlist.md): every host with someone in a line runs the sweep in
 * its own Durable Object, as of the cron's time: lapsed offers end and their seats go to the next in line. The offers'
 * emails are sent at once.
 */
import { runCommand } from '../booking/host-lock-client.server.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv, Bindings } from '../env.server.ts'
import { drainOutbox } from '../outbox/outbox.server.ts'
import { hostsWithLines } from './entries.server.ts'

export async function sweepWaitlists(deps: { db: Db; env: AppEnv; bindings: Bindings; now: number }) {
  const hosts = await hostsWithLines(deps.db)
  const outboxIds: string[] = []
  for (const ownerId of hosts) {
    const swept = await runCommand(deps.bindings, { kind: 'sweepWaitlist', ownerId }, deps.now)
    if (swept.ok) outboxIds.push(...swept.value.outboxIds)
  }
  if (outboxIds.length > 0) await drainOutbox(deps.db, deps.env, deps.now, { ids: outboxIds })
  return { hosts: hosts.length, offers: outboxIds.length }
}
