/**
 * Webhooks and personal access tokens (issue 17, docs/decisions/0101-api-webhooks-tokens.md): which host events
 * become which webhook event, the body a delivery carries, and what a specialist may register. Pure.
 */
import { z } from 'zod'
import type { HostEventType } from '../commands/events.ts'
import { PAT_SCOPES } from '../enums.ts'
import { callableUrl } from '../net/callable-url.ts'

export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.cancelled',
  'booking.moved',
  'booking.participants_changed',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/**
 * A meeting's webhook event for each host event (ADR 0101): a meeting that came to be is `booking.created` (a
 * client's booking of a new slot, a one-time the specialist created); whole-meeting cancels and moves are
 * `booking.cancelled` and `booking.moved`; anything that changes who takes part in a meeting that already existed
 * (a later seat of a group slot, a guest through a one-time's share link, an invitee confirming, some participants
 * cancelled or moved, visitors added) is `booking.participants_changed`. Seats added, held/not held and adjutants
 * change nothing a receiver of bookings needs.
 */
export function webhookTypeOf(type: HostEventType | string, payload: Record<string, unknown>): WebhookEventType | null {
  switch (type) {
    case 'BookingConfirmed':
      return payload.newMeeting ? 'booking.created' : 'booking.participants_changed'
    case 'OneTimeCreated':
      return 'booking.created'
    case 'MeetingCanceled':
      return 'booking.cancelled'
    case 'MeetingMoved':
      return 'booking.moved'
    case 'OneTimeSeatBooked':
    case 'InvitationConfirmed':
    case 'ParticipantCanceled':
    case 'ParticipantsMoved':
    case 'VisitorsAdded':
      return 'booking.participants_changed'
    default:
      return null
  }
}

/** The meetings an event is about: its own, and for participants moved the meetings they left. */
export function meetingsOfEvent(meetingId: string | null, payload: Record<string, unknown>): string[] {
  if (!meetingId) return []
  const from = Array.isArray(payload.fromMeetingIds) ? (payload.fromMeetingIds as string[]) : []
  return [...new Set([meetingId, ...from])]
}

/** What a delivery says of a meeting: only what the specialist already sees on the meeting's page. */
export type WebhookMeetingFacts = {
  id: string
  eventTypeId: string | null
  name: string
  start: number
  end: number
  status: string
  participants: { firstName: string; lastName: string; email: string }[]
}

/** The Standard Webhooks message id of one meeting's event: the same for every endpoint and every resend. */
export const webhookMessageId = (eventId: string, meetingId: string) => `msg_${eventId}_${meetingId}`

/** The body of a delivery (API-CONTRACT.md "Webhooks"), built once when routed so retries send the same bytes. */
export function webhookBody(input: {
  messageId: string
  type: WebhookEventType
  reason: string
  at: number
  meeting: WebhookMeetingFacts
}): string {
  const { meeting } = input
  return JSON.stringify({
    id: input.messageId,
    type: input.type,
    createdAt: new Date(input.at).toISOString(),
    data: {
      reason: input.reason,
      meetingId: meeting.id,
      eventTypeId: meeting.eventTypeId,
      name: meeting.name,
      start: new Date(meeting.start).toISOString(),
      end: new Date(meeting.end).toISOString(),
      status: meeting.status,
      participants: meeting.participants.map((p) => ({
        name: `${p.firstName} ${p.lastName}`.trim(),
        email: p.email,
      })),
    },
  })
}

/** Endpoints one specialist may have; a URL's longest length. */
export const MAX_WEBHOOK_ENDPOINTS = 10
export const MAX_WEBHOOK_URL_LENGTH = 2000

/**
 * `POST /webhooks` and the profile's form: a URL the deployment may call (https on a public host in production) and
 * at least one known event type.
 */
export function webhookCreateSchema(production: boolean) {
  return z.object({
    url: z
      .string({ error: 'validation:required' })
      .trim()
      .min(1, 'validation:required')
      .max(MAX_WEBHOOK_URL_LENGTH, 'validation:maxChars')
      .refine((url) => callableUrl(url, production).url !== null, {
        message: production ? 'api:webhookUrlProduction' : 'api:webhookUrl',
      }),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'api:webhookEvent' }), { error: 'validation:required' })
      .min(1, 'api:webhookEventsRequired')
      .max(WEBHOOK_EVENT_TYPES.length, 'api:webhookEvent')
      .transform((events) => [...new Set(events)]),
  })
}
export type WebhookCreate = z.infer<ReturnType<typeof webhookCreateSchema>>

/** Webhook secrets: `whsec_` + base64 of 24 random bytes (the Standard Webhooks format). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'

/** Personal access tokens (`Authorization: Bearer fs_pat_...`). */
export const PAT_PREFIX = 'fs_pat_'
export const MAX_PATS = 20
export const PatCreateSchema = z.object({
  name: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(100, 'validation:maxChars'),
  scope: z.enum(PAT_SCOPES, { error: 'validation:invalid' }),
})
export type PatCreate = z.infer<typeof PatCreateSchema>

/** A read-only token may only read: GET (and HEAD, which hono answers as GET). */
export const isReadMethod = (method: string) => method === 'GET' || method === 'HEAD'

/** The last use is written at most this often, so a busy token costs one write a minute. */
export const PAT_LAST_USE_EVERY_MS = 60_000
