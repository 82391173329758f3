/**
 * Why a reminder or one of its messages was not (yet) delivered, kept as codes the pages translate
 * (`notify:problems.<code>`), with the provider's own words as an untranslated detail (issue 8: the specialist reads
 * the reason in their language, the support reads what the provider said).
 *
 * The outbox keeps a failed delivery as `<code>: <detail>`; a reminder keeps the list of its problems as JSON
 * (`[{ code, channel?, detail? }]`). Text written before codes existed decodes as `failed` with the text as detail.
 */
export type Channel = 'email' | 'telegram' | 'push'

/** A delivery's failure (app/server/outbox/delivery.server.ts DeliveryError) or why the outbox gave a message up. */
export const DELIVERY_ERROR_CODES = [
  'timeout',
  'network',
  'rejected',
  'unregistered',
  'blocked',
  'notConfigured',
  'superseded',
  'canceled',
  'failed',
] as const
export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number]

/** A reminder's own reasons, besides its deliveries' ones. */
export const REMINDER_ERROR_CODES = [
  'meetingStarted',
  'noRecipient',
  'movedTooLate',
  'participantMoved',
  'notApplicable',
  ...DELIVERY_ERROR_CODES,
] as const
export type ReminderErrorCode = (typeof REMINDER_ERROR_CODES)[number]

export type ReminderProblem = { code: ReminderErrorCode; channel?: Channel; detail?: string }

const isReminderCode = (value: unknown): value is ReminderErrorCode =>
  typeof value === 'string' && (REMINDER_ERROR_CODES as readonly string[]).includes(value)

const isChannel = (value: unknown): value is Channel => value === 'email' || value === 'telegram' || value === 'push'

/** An outbox `last_error` (`<code>: <detail>`) as a code and the provider's detail. */
export function parseDeliveryError(text: string | null): { code: DeliveryErrorCode; detail?: string } | null {
  if (!text) return null
  const match = /^([a-zA-Z]+): ([\s\S]*)$/.exec(text)
  const code = match?.[1]
  if (match && code && (DELIVERY_ERROR_CODES as readonly string[]).includes(code)) {
    return { code: code as DeliveryErrorCode, ...(match[2] ? { detail: match[2] } : {}) }
  }
  return { code: 'failed', detail: text }
}

export function encodeProblems(problems: readonly ReminderProblem[]): string | null {
  return problems.length === 0 ? null : JSON.stringify(problems)
}

/** A reminder's `last_error` as problems; a legacy plain text becomes one `failed` problem carrying it. */
export function decodeProblems(text: string | null): ReminderProblem[] {
  if (!text) return []
  try {
    const value: unknown = JSON.parse(text)
    if (Array.isArray(value) && value.every((item) => item && typeof item === 'object' && isReminderCode(item.code))) {
      return value.map((item: { code: ReminderErrorCode; channel?: unknown; detail?: unknown }) => ({
        code: item.code,
        ...(isChannel(item.channel) ? { channel: item.channel } : {}),
        ...(typeof item.detail === 'string' && item.detail ? { detail: item.detail } : {}),
      }))
    }
  } catch {
    // Not JSON: a text from before codes.
  }
  return [{ code: 'failed', detail: text }]
}

/** A problem in the reader's language (`t` of either side): "Email: the provider refused the message". */
export function problemText(t: (key: string) => string, problem: ReminderProblem): string {
  const reason = t(`notify:problems.${problem.code}`)
  return problem.channel ? `${t(`notify:statuses.channel.${problem.channel}`)}: ${reason}` : reason
}
