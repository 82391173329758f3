/**
 * One delivery of an outbox message: the shape a channel sends, the sender interface, and how a provider call fails
 * (a DeliveryError with a code the pages translate, never longer than SEND_TIMEOUT_MS).
 */
import type { OutboxRowChannel } from '#app/domain/enums.ts'
import type { DeliveryErrorCode } from '#app/domain/reminders/problems.ts'

/** One message of the outbox, as a channel sends it. */
export type OutgoingMessage = {
  id: string
  channel: OutboxRowChannel
  recipient: string
  subject: string
  text: string
  html: string | null
  payload: Record<string, unknown> | null
  /** The attempts so far, this one included (the outbox counts them when it claims the row). */
  attempts?: number
}

/**
 * How long one delivery may take, every provider call of it included. Well below the outbox claim (CLAIM_MS), so a
 * delivery is over, sent or aborted, before another drain may claim the same message (ADR 0040).
 */
export const SEND_TIMEOUT_MS = 20_000

/**
 * A channel's delivery: resolves when the provider accepted the message, throws otherwise (a DeliveryError says
 * why). Every provider call passes `signal`, which the drain aborts after SEND_TIMEOUT_MS.
 */
export interface MessageSender {
  send(message: OutgoingMessage, signal: AbortSignal): Promise<void>
}

/**
 * A failed delivery with a code the pages translate (app/domain/reminders/problems.ts) and the provider's own words
 * as detail. A permanent one (the address no longer exists) is not retried.
 */
export class DeliveryError extends Error {
  constructor(
    readonly code: DeliveryErrorCode,
    readonly detail: string,
    readonly permanent = false,
  ) {
    super(`${code}: ${detail}`)
    this.name = 'DeliveryError'
  }
}

/** The error of a failed delivery as the outbox keeps it: `<code>: <detail>`. */
export function deliveryErrorText(error: unknown): { text: string; permanent: boolean; code: DeliveryErrorCode } {
  if (error instanceof DeliveryError) return { text: error.message, permanent: error.permanent, code: error.code }
  const detail = error instanceof Error ? error.message : String(error)
  return { text: `failed: ${detail}`, permanent: false, code: 'failed' }
}

/**
 * One HTTP call to a provider under the delivery's signal: a timeout and a network failure become DeliveryErrors
 * (retried like any other failure).
 */
export async function providerFetch(
  provider: string,
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
  signal: AbortSignal,
): Promise<Response> {
  try {
    return await fetcher(url, { ...init, signal })
  } catch (error) {
    if (signal.aborted) throw new DeliveryError('timeout', `${provider} did not answer in time`)
    throw new DeliveryError('network', `${provider}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Reads a provider's answer body under the delivery's signal (a body that never ends is a timeout too). */
export async function answerText(provider: string, response: Response, signal: AbortSignal): Promise<string> {
  try {
    return (await response.text()).slice(0, 300)
  } catch {
    if (signal.aborted) throw new DeliveryError('timeout', `${provider} did not answer in time`)
    return ''
  }
}
