import { BREAKPOINTS } from '#app/domain/constants.ts'

/**
 * When the app offers web push (issue 8, ADR 0041). SPEC §9: the permission is not asked on large screens
 * (from the `lg` breakpoint, 992 px, up). The browser's prompt only ever follows a tap on the banner, never a
 * page load; a refusal (the browser's "Block", or "Not now") is not asked again: the browser remembers "Block",
 * and "Not now" is remembered on this device for REFUSAL_QUIET_MS.
 */
export const REFUSAL_QUIET_MS = 90 * 24 * 60 * 60_000

export type PushPermission = 'default' | 'granted' | 'denied'

export type PushOfferInput = {
  /** The browser has service workers, the Push API and notifications. */
  supported: boolean
  /** The deployment has FIREBASE_WEB_CONFIG and FIREBASE_VAPID_KEY. */
  configured: boolean
  permission: PushPermission
  /** The viewport's width in CSS pixels. */
  width: number
  /** When this device last refused ("Not now"), or null. */
  refusedAt: number | null
  now: number
}

/**
 * - `ask`: show the banner; its button asks the browser (a user gesture).
 * - `register`: permission was given before: refresh the token silently, nothing is asked.
 * - `none`: nothing.
 */
export type PushOffer = 'ask' | 'register' | 'none'

export function pushOffer(input: PushOfferInput): PushOffer {
  if (!input.supported || !input.configured) return 'none'
  if (input.permission === 'granted') return 'register'
  if (input.permission === 'denied') return 'none'
  if (input.width >= BREAKPOINTS.lg) return 'none'
  if (input.refusedAt !== null && input.now - input.refusedAt < REFUSAL_QUIET_MS) return 'none'
  return 'ask'
}

/** What follows the browser's answer to the prompt the banner opened. */
export function afterPrompt(answer: PushPermission): 'register' | 'refused' {
  return answer === 'granted' ? 'register' : 'refused'
}
