import type { RateLimitRule } from '../rate-limit.server.ts'

/** Rate limits of the public booking calls, per client address (issue "Guarantees": 429 on abuse). */
export const BOOKING_LIMITS = {
  hold: { name: 'booking-hold', limit: 30, windowMs: 60_000 },
  booking: { name: 'booking-confirm', limit: 10, windowMs: 60_000 },
  message: { name: 'booking-message', limit: 5, windowMs: 10 * 60_000 },
} satisfies Record<string, RateLimitRule>

/** The client's address as Cloudflare gives it; one shared key when absent (local tools). */
export function clientKey(request: Request): string {
  return request.headers.get('CF-Connecting-IP') ?? request.headers.get('X-Real-IP') ?? 'local'
}

/**
 * The key ghost holds keep of the requester's address (issue 19, ADR 0094): a hash, so a host's Durable Object
 * storage never keeps a client's IP address, only enough to count what one address holds.
 */
export async function addressKey(request: Request): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`hold-address:${clientKey(request)}`))
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
