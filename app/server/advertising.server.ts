import { and, eq, isNotNull } from 'drizzle-orm'
import {
  ADVERTISING_LINKS,
  type AdvertisingCardId,
  advertisingCards,
  isAdvertisingCardId,
} from '#app/domain/advertising.ts'
import type { PlanName } from '#app/domain/enums.ts'
import { advertisingClosures, calendarIntegrations, meetings, telegramBindings } from '#db/schema.ts'
import type { Db } from './db.server.ts'
import { refuse } from './refusal.server.ts'

type Owner = { id: string; plan: PlanName }

/** The home page's cards for this specialist (SPEC §7 `GET /eventAdvertising`), in one D1 round trip. */
export async function listAdvertising(db: Db, owner: Owner): Promise<AdvertisingCardId[]> {
  const [closed, calendar, bot, booked] = await db.batch([
    db
      .select({ cardId: advertisingClosures.cardId })
      .from(advertisingClosures)
      .where(eq(advertisingClosures.userId, owner.id)),
    db
      .select({ id: calendarIntegrations.id })
      .from(calendarIntegrations)
      .where(and(eq(calendarIntegrations.ownerId, owner.id), eq(calendarIntegrations.isActive, true)))
      .limit(1),
    db
      .select({ chatId: telegramBindings.chatId })
      .from(telegramBindings)
      .where(and(eq(telegramBindings.userId, owner.id), isNotNull(telegramBindings.chatId)))
      .limit(1),
    db.select({ id: meetings.id }).from(meetings).where(eq(meetings.ownerId, owner.id)).limit(1),
  ])
  return advertisingCards(
    { calendar: calendar.length > 0, telegramBot: bot.length > 0, plan: owner.plan, bookings: booked.length > 0 },
    new Set(closed.map((row) => row.cardId)),
  )
}

/** A card as the API answers it: its id, texts in the request's language and where it leads. */
export function advertisingView(id: AdvertisingCardId, t: (key: string) => string) {
  return {
    id,
    title: t(`plans:advertising.${id}.title`),
    text: t(`plans:advertising.${id}.text`),
    actionText: t(`plans:advertising.${id}.action`),
    link: ADVERTISING_LINKS[id],
  }
}

/**
 * `PUT /eventAdvertising/{id}/isClosed`: closing hides the card for good (repeating it changes nothing but the
 * mailing consent); `isClosed: false` shows it again. An unknown card is a 404.
 */
export async function setAdvertisingClosed(
  db: Db,
  userId: string,
  cardId: string,
  input: { isClosed: boolean; isConsentMailing: boolean },
) {
  if (!isAdvertisingCardId(cardId)) refuse('notFound')
  if (!input.isClosed) {
    await db
      .delete(advertisingClosures)
      .where(and(eq(advertisingClosures.userId, userId), eq(advertisingClosures.cardId, cardId)))
    return
  }
  await db
    .insert(advertisingClosures)
    .values({ userId, cardId, isConsentMailing: input.isConsentMailing })
    .onConflictDoUpdate({
      target: [advertisingClosures.userId, advertisingClosures.cardId],
      set: { isConsentMailing: input.isConsentMailing },
    })
}
