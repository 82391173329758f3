import type { TFunction } from 'i18next'
import type { EmailAttachment } from '#app/server/outbox/senders.server.ts'
import { escapeHtml } from '#app/server/notify/email-html.server.ts'

/** One email of the meetings area: plain text, the same text as simple HTML, and attachments (ICS). */
export type MeetingEmail = { subject: string; text: string; html: string; attachments: EmailAttachment[] }

/** Paragraphs of text, each line kept; links become buttons in the HTML. */
export function composeEmail(
  subject: string,
  paragraphs: string[],
  links: { label: string; url: string }[] = [],
  attachments: EmailAttachment[] = [],
): MeetingEmail {
  const text = [...paragraphs, ...links.map((link) => `${link.label}: ${link.url}`)].join('\n\n')
  const body = [
    ...paragraphs.map((p) => `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(p)}</p>`),
    ...links.map(
      (link) =>
        `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#3b5bdb;color:#fff;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
    ),
  ].join('')
  return {
    subject,
    text,
    html: `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#1c2130;line-height:1.5">${body}</body></html>`,
    attachments,
  }
}

export function hello(t: TFunction, name: string): string {
  return t('meetings:mail.hello', { name }) as string
}
