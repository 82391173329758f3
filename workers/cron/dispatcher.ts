import { renewPushChannels } from '#app/server/calendars/push.server.ts'
import { syncDueIntegrations } from '#app/server/calendars/sync.server.ts'
import { routeCalendarWrites } from '#app/server/calendars/write-back.server.ts'
import { cleanupAccounts } from '#app/server/accounts/cleanup.server.ts'
import { runBilling } from '#app/server/billing/cron.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { routeWebhooks } from '#app/server/webhooks/webhooks.server.ts'
import { type AppEnv, type Bindings, parseEnv, sessionKeys } from '#app/server/env.server.ts'
import { resealStaleSecrets } from '#app/server/crypto/reseal.server.ts'
import { drainOutbox } from '#app/server/outbox/outbox.server.ts'
import { runReminders } from '#app/server/notify/reminder-job.server.ts'
import { sweepWaitlists } from '#app/server/waitlist/cron.server.ts'
import type { Db } from '#app/server/db.server.ts'

export type CronJob = {
  name: string
  run: (deps: { db: Db; env: AppEnv; bindings: Bindings; now: number }) => Promise<unknown>
}

/** Cron expression (wrangler.toml `[triggers]`) to the jobs it runs (ARCHITECTURE.md "Cron"). */
export const CRON_JOBS: Record<string, CronJob[]> = {
  '* * * * *': [
    // Host events become calendar writes and webhook deliveries first, so this run's drain already delivers them.
    {
      name: 'outbox',
      run: async ({ db, env, now }) => {
        await routeCalendarWrites(db, now)
        await routeWebhooks(db, now)
        return drainOutbox(db, env, now)
      },
    },
    { name: 'reminders', run: ({ db, env, now }) => runReminders(db, env, now) },
    // Lapsed waitlist offers pass their seats to the next in line (docs/decisions/0108-waitlist.md).
    { name: 'waitlist', run: (deps) => sweepWaitlists(deps) },
  ],
  // Hourly: expired sessions, tokens, states, codes and stale unconfirmed sign-ups (docs/decisions/0010-accounts.md).
  // Every 10 minutes: busy times of every active calendar integration (SPEC §9 promises 15; docs/decisions/0093).
  '*/10 * * * *': [{ name: 'calendars', run: ({ db, env, now }) => syncDueIntegrations({ db, env, now }) }],
  // Hourly too: Google watch channels and Graph subscriptions renewed a day before they lapse (push.server.ts).
  '0 * * * *': [
    { name: 'accounts-cleanup', run: ({ db, now }) => cleanupAccounts(db, now) },
    { name: 'calendar-push', run: ({ db, env, now }) => renewPushChannels({ db, env, now }) },
    // Trial reminders, renewals by the saved card and the move down to Basic (docs/decisions/0095).
    { name: 'billing', run: ({ db, env, now }) => runBilling(db, env, now) },
    // While SESSION_SECRET_PREVIOUS is set: stored secrets sealed with it are sealed anew (docs/decisions/0125).
    { name: 'reseal', run: ({ db, env, now }) => resealStaleSecrets(db, sessionKeys(env), now) },
  ],
}

/**
 * Runs every job of a cron expression. Jobs are independent: one failing is logged and does not stop
 * the others; the run still rejects at the end so the failure shows in the Worker's logs and metrics.
 */
export async function runScheduled(cron: string, scheduledTime: number, bindings: Bindings) {
  const jobs = CRON_JOBS[cron]
  if (!jobs) throw new Error(`No cron jobs for "${cron}"`)
  const deps = { db: getDb(bindings.DB), env: parseEnv(bindings), bindings, now: scheduledTime }
  const results = await Promise.allSettled(jobs.map((job) => job.run(deps)))
  const failures = results.flatMap((result, i) =>
    result.status === 'rejected' ? [`${jobs[i].name}: ${String(result.reason)}`] : [],
  )
  if (failures.length > 0) throw new Error(`Cron "${cron}" failed: ${failures.join('; ')}`)
  return results
}
