import type { RateLimitRule, RateLimits } from '../rate-limit.server.ts'
import { refuse } from '../refusal.server.ts'

const MINUTE = 60_000

/**
 * Rate limits of the account operations (ARCHITECTURE.md "Sessions and the API"): sign-in per account and
 * per IP, sign-up per IP, codes per IP (the code itself also dies after a few wrong guesses), code resend
 * and restore per email and per IP.
 */
export const ACCOUNT_LIMITS = {
  /**
   * Failed sign-ins per account and per IP: successful ones do not count, so neither an owner who signs in often
   * nor an office behind one address is locked out by using the product. An account over its limit is closed only
   * to the addresses that failed on it (`signinAccountIp`): a stranger's wrong passwords never lock the owner out
   * (docs/decisions/0086-sign-in-limits.md).
   */
  signinAccount: { name: 'signin-account', limit: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins to one account from one address: the longer penalty, for the attacking addresses only. */
  signinAccountIp: { name: 'signin-account-ip', limit: 10, windowMs: 60 * MINUTE },
  signinIp: { name: 'signin-ip', limit: 60, windowMs: 15 * MINUTE },
  signupIp: { name: 'signup-ip', limit: 20, windowMs: 60 * MINUTE },
  /** "Someone tried to sign up with your email" emails per account: over it, sign-up still answers alike, silently. */
  signupAttemptEmail: { name: 'signup-attempt-email', limit: 3, windowMs: 60 * MINUTE },
  /** `GET /unique/email|login/*`: they say whether an email is registered, so they are limited hard per address. */
  uniqueIp: { name: 'unique-ip', limit: 20, windowMs: 60 * MINUTE },
  codeIp: { name: 'code-ip', limit: 30, windowMs: 15 * MINUTE },
  resendEmail: { name: 'resend-email', limit: 6, windowMs: 60 * MINUTE },
  restoreIp: { name: 'restore-ip', limit: 20, windowMs: 60 * MINUTE },
  restoreEmail: { name: 'restore-email', limit: 5, windowMs: 60 * MINUTE },
  oauthIp: { name: 'oauth-ip', limit: 60, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>

/** Counts one attempt; over the limit it throws 429 with the SPEC §8 text. */
export async function enforceLimit(limits: RateLimits, rule: RateLimitRule, key: string, now: number) {
  const decision = await limits.hit(rule, key, now)
  if (!decision.allowed) refuse('tooManyRequests', undefined, { seconds: decision.retryAfterSeconds })
}

/** Refuses with 429 while the limit is used up, without counting this attempt (see `countFailure`). */
export async function checkLimit(limits: RateLimits, rule: RateLimitRule, key: string, now: number) {
  const decision = await limits.peek(rule, key, now)
  if (!decision.allowed) refuse('tooManyRequests', undefined, { seconds: decision.retryAfterSeconds })
}
