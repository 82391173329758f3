/**
 * What the specialist is told about their plan: a notice in the notification center (with Telegram and push, through
 * the one notice writer) and an email through the outbox, in their language, as statements for the change's batch.
 */
import { eq } from 'drizzle-orm'
import type { TFunction } from 'i18next'
import type { PlanName } from '#app/domain/enums.ts'
import { instantToZoned, isoToDmy } from '#app/domain/time/index.ts'
import { type NoticeContent, renderNotice } from '#app/domain/notices.ts'
import { getT, languageOf } from '#app/i18n/translate.server.ts'
import { telegramBindings } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { emailHtml } from '../notify/email-html.server.ts'
import { noticeStatements } from '../notify/notifications.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import type { BillingUser } from './store.server.ts'

export type BillingEvent =
  | { kind: 'trialActivated'; validUntil: number }
  | { kind: 'trialReminder'; days: number; validUntil: number }
  | { kind: 'trialEnded' }
  | { kind: 'paid'; plan: PlanName; validUntil: number }
  | { kind: 'renewed'; plan: PlanName; validUntil: number }
  | { kind: 'renewalFailed'; plan: PlanName; nextAttemptAt: number }
  | { kind: 'planEnded'; plan: PlanName }

function date(ms: number, timeZone: string) {
  return isoToDmy(instantToZoned(timeZone, ms).date)
}

/**
 * The notice of one event as the notification center keeps it (keys and values, translated at display; the plan's
 * name and the date are written in the recipient's language and zone of now), and as they read it now.
 */
export function billingNotice(t: TFunction, event: BillingEvent, timeZone: string) {
  const values: Record<string, string | number> = {}
  if ('validUntil' in event) values.date = date(event.validUntil, timeZone)
  if ('nextAttemptAt' in event) values.date = date(event.nextAttemptAt, timeZone)
  // `tariff`: the value's name in notices already stored (rendered at display), so it stays (ADR 0128).
  if ('plan' in event) values.tariff = t(`billing:plans.${event.plan}.name`)
  // Notice keys carry no digits and their values no plural count: one key per reminder.
  const key =
    event.kind === 'trialReminder'
      ? `billing:notice.trialReminder.${event.days === 1 ? 'oneDay' : 'twoDays'}`
      : `billing:notice.${event.kind}`
  const content: NoticeContent = { title: { key: `${key}.title`, values }, body: { key: `${key}.body`, values } }
  return { ...content, text: renderNotice(t, content, { language: languageOf(t), timeZone }) }
}

function emailOf(t: TFunction, user: BillingUser, texts: { title: string; body: string }, link: string) {
  const hello = t('billing:mail.hello', { name: user.firstName })
  const button = t('billing:mail.open')
  return {
    subject: texts.title,
    text: [hello, texts.body, `${button}: ${link}`].join('\n\n'),
    html: emailHtml([{ p: hello }, { p: texts.body }, { button: { label: button, url: link } }]),
  }
}

/** The notice and the email of a billing event, for the batch that makes it happen. */
export async function billingMessages(db: Db, env: AppEnv, user: BillingUser, event: BillingEvent, now: number) {
  const t = getT(user.culture)
  const notice = billingNotice(t, event, user.timeZone)
  const texts = notice.text
  const [binding] = await db
    .select({ chatId: telegramBindings.chatId })
    .from(telegramBindings)
    .where(eq(telegramBindings.userId, user.id))
    .limit(1)
  const link = new URL('/tariff', env.APP_URL).toString()
  const email = enqueueMessage(db, { channel: 'email', recipient: user.email, ...emailOf(t, user, texts, link) }, now)
  const notices = await noticeStatements(
    db,
    env,
    {
      userId: user.id,
      chatId: binding?.chatId ?? null,
      notice,
      message: `${texts.title}\n\n${texts.body}\n${link}`,
      action: 'navigate',
      value: '/tariff',
    },
    now,
  )
  return [...notices, email.query]
}
