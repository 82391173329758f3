/**
 * A notification-center notice kept as translation keys and their values (issue 18: "translated at display"): the
 * row stores what happened, and the page renders it in the reader's interface language and profile zone, so a
 * notice written while the specialist used Russian reads in English once they switch. Times are kept as instants
 * (written with readable.ts at display), client lists as names, reminder problems as their codes. Rows written
 * before this keep their stored text (ADR 0099).
 */
import { readableLabel } from './calendars/rules.ts'
import type { CalendarType } from './enums.ts'
import { type ReminderProblem, problemText } from './reminders/problems.ts'
import { formatWhen } from './time/readable.ts'

/** i18next's `t` as far as notices need it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string

export type NoticeValue =
  | string
  | number
  | { when: { start: number; end: number } }
  | { clients: string[] }
  | { problems: ReminderProblem[] }
  /** A calendar integration, named by its provider in the reader's language (a CalDAV server by its host). */
  | { integration: { type: CalendarType; label: string } }

export type NoticeText = { key: string; values?: Record<string, NoticeValue> }
export type NoticeContent = { title: NoticeText; body: NoticeText }

/** The namespaces a notice's keys may come from (a row is never a way to render any key). */
const NOTICE_KEY = /^(notify|calendars|billing):[A-Za-z.]+$/

/** "Вера, Иван" / "no participants" / "A, B, C and 2 more". */
export function clientList(t: Translate, names: string[]): string {
  if (names.length === 0) return t('notify:noClients')
  if (names.length <= 3) return names.join(', ')
  return t('notify:clientsMore', { names: names.slice(0, 3).join(', '), count: names.length - 3 })
}

function valueText(t: Translate, value: NoticeValue, reader: { language: string; timeZone: string }): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if ('when' in value) return formatWhen(value.when, reader.timeZone, reader.language)
  if ('clients' in value) return clientList(t, value.clients)
  if ('integration' in value) return readableLabel(value.integration, t)
  return value.problems.map((problem) => problemText(t, problem)).join('; ')
}

function textOf(t: Translate, text: NoticeText, reader: { language: string; timeZone: string }): string {
  if (!NOTICE_KEY.test(text.key)) throw new Error(`not a notice key: ${text.key}`)
  const values = Object.fromEntries(
    Object.entries(text.values ?? {}).map(([name, value]) => [name, valueText(t, value, reader)]),
  )
  return t(text.key, values)
}

/** The notice in the reader's language (`t` of that language) and zone. */
export function renderNotice(
  t: Translate,
  content: NoticeContent,
  reader: { language: string; timeZone: string },
): { title: string; body: string } {
  return { title: textOf(t, content.title, reader), body: textOf(t, content.body, reader) }
}

/**
 * A stored row as the reader sees it: its content rendered when it has one that reads, else the text stored with
 * it (rows written before content existed, or a content this version cannot read).
 */
export function noticeForReader(
  t: Translate,
  row: { title: string; body: string; content: NoticeContent | null },
  reader: { language: string; timeZone: string },
): { title: string; body: string } {
  if (!row.content) return { title: row.title, body: row.body }
  try {
    return renderNotice(t, row.content, reader)
  } catch {
    return { title: row.title, body: row.body }
  }
}
