/**
 * The trial offer that opens by itself (SPEC §2 new-user and old-user offers; ADR 0095 "Update: the offer reaches
 * new specialists"): on the home page and on /tariff while the account can start the trial, until the specialist
 * says "No, thanks". The answer is kept for good as a closed home offer in `advertising_closures` (card id
 * `trialOffer`, outside the advertising cards' ids, so `PUT /eventAdvertising/{id}/isClosed` cannot reach it).
 */
import { and, eq } from 'drizzle-orm'
import type { PlanName } from '#app/domain/enums.ts'
import { type TrialOffer, pendingTrialOffer } from '#app/domain/billing/trial.ts'
import { advertisingClosures } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import { readSubscription } from './store.server.ts'

export const TRIAL_OFFER_CARD = 'trialOffer'

export async function trialOfferOf(
  db: Db,
  user: { id: string; plan: PlanName; createdAt: number },
  now: number,
): Promise<TrialOffer | null> {
  const [subscription, closed] = await Promise.all([
    readSubscription(db, user.id),
    db
      .select({ cardId: advertisingClosures.cardId })
      .from(advertisingClosures)
      .where(and(eq(advertisingClosures.userId, user.id), eq(advertisingClosures.cardId, TRIAL_OFFER_CARD)))
      .limit(1),
  ])
  return pendingTrialOffer(
    { plan: user.plan, subscription, dismissed: closed.length > 0, registeredAt: user.createdAt },
    now,
  )
}

/** "No, thanks": the offer no longer opens by itself (`/tariff?offer=trial` still shows it on request). */
export async function dismissTrialOffer(db: Db, userId: string) {
  await db.insert(advertisingClosures).values({ userId, cardId: TRIAL_OFFER_CARD }).onConflictDoNothing()
}
