import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import type { TFunction } from 'i18next'
import { DevLog, type DevLogItem } from '#app/components/ui/dev-log.tsx'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { developmentDb } from '#app/server/dev-page.server.ts'
import { listSentEmails, listSentMessages } from '#app/server/outbox/outbox.server.ts'

type Db = ReturnType<typeof developmentDb>

function emailItem(email: Awaited<ReturnType<typeof listSentEmails>>[number], t: TFunction): DevLogItem {
  return {
    id: email.id,
    facts: [
      { label: t('devMail.to'), value: email.to, className: 'wrap-anywhere', testId: 'dev-mail-to' },
      { label: t('devMail.subject'), value: email.subject, className: 'font-medium wrap-anywhere' },
      { label: t('devMail.sentAt'), value: email.sentAt },
      { label: t('devMail.status'), value: email.status },
    ],
    text: email.text,
    attachments: email.attachments,
  }
}

function messageItem(message: Awaited<ReturnType<typeof listSentMessages>>[number], t: TFunction): DevLogItem {
  const status = `${message.status}${message.lastError ? ` — ${message.lastError}` : ''}`
  return {
    id: message.id,
    facts: [
      { label: t('notify:devMessages.channel'), value: message.channel, testId: 'dev-message-channel' },
      { label: t('notify:devMessages.to'), value: message.to, className: 'wrap-anywhere', testId: 'dev-message-to' },
      { label: t('notify:devMessages.createdAt'), value: message.createdAt },
      { label: t('notify:devMessages.status'), value: status, className: 'wrap-anywhere' },
    ],
    heading: message.title,
    text: message.text,
  }
}

/** The development logs by their address: texts, test ids, and how to read and show their rows. */
const LOGS = {
  mail: {
    texts: 'devMail',
    testIds: { item: 'dev-mail-item', text: 'dev-mail-text' },
    read: async (db: Db, t: TFunction) => (await listSentEmails(db)).map((email) => emailItem(email, t)),
  },
  messages: {
    texts: 'notify:devMessages',
    testIds: { item: 'dev-message', text: 'dev-message-text' },
    read: async (db: Db, t: TFunction) => (await listSentMessages(db)).map((message) => messageItem(message, t)),
  },
} as const

/**
 * Development only, 404 in production: what the app has sent, newest first. `/dev/mail` the emails
 * (API-CONTRACT.md "Development mail"; `/dev/mail.json` gives them as JSON), `/dev/messages` the Telegram and push
 * messages it has queued.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = developmentDb(context)
  const log = params.log === 'mail' || params.log === 'messages' ? LOGS[params.log] : null
  if (!log) throw new Response(null, { status: 404 })
  const t = getT(await getLanguage(request))
  return {
    title: t(`${log.texts}.title`),
    empty: t(`${log.texts}.empty`),
    testIds: log.testIds,
    items: await log.read(db, t),
  }
}

export default function DevLogPage() {
  return <DevLog {...useLoaderData<typeof loader>()} />
}
