/**
 * The optional reason a participant gives when cancelling their own booking (issue 18 "cancel asks for confirmation
 * and an optional reason"): passed to the organizer in the cancellation email and notice. A long text of SPEC §9
 * (at most 1500 characters); blank means none.
 */
import { LONG_TEXT_MAX } from '../constants.ts'
import { type Refusal, refusal } from '../refusal.ts'

export const CANCEL_REASON_MAX = LONG_TEXT_MAX

export function parseCancelReason(
  value: unknown,
): { ok: true; reason: string | null } | { ok: false; refusal: Refusal } {
  const text = typeof value === 'string' ? value.trim() : ''
  if (text.length > CANCEL_REASON_MAX)
    return { ok: false, refusal: refusal('textTooLong', 'reason', { count: CANCEL_REASON_MAX }) }
  return { ok: true, reason: text === '' ? null : text }
}
