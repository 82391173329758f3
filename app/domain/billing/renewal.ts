/**
 * What happens when the plan in force reaches its end (issue 16, ADR 0095): renew by the saved card when the
 * specialist chose a plan to continue on; a failed charge is retried RENEWAL_RETRIES times a day apart (the plan
 * stays in force meanwhile), then, like no renewal at all, the account moves down to Basic.
 */
import { RENEWAL_RETRIES } from '#app/domain/constants.ts'
import type { PlanName } from '#app/domain/enums.ts'
import { DAY_MS } from './trial.ts'

export type RenewalState = {
  plan: PlanName
  validUntil: number | null
  autoRenew: boolean
  renewPlan: PlanName | null
  renewMonths: number
  paymentMethodId: string | null
  renewalFailures: number
  nextRenewalAttemptAt: number | null
}

export type RenewalStep =
  | { kind: 'none' }
  | { kind: 'charge'; plan: PlanName; months: number; attempt: number }
  | { kind: 'downgrade' }

/** The plan to charge for at the end, if any: a paid plan, auto-renewal on, a saved card. */
function renewalTarget(state: RenewalState): PlanName | null {
  if (!state.autoRenew || !state.paymentMethodId) return null
  if (!state.renewPlan || state.renewPlan === 'Basic') return null
  return state.renewPlan
}

export function renewalStep(state: RenewalState, now: number): RenewalStep {
  if (state.plan === 'Basic' || state.validUntil === null || now < state.validUntil) return { kind: 'none' }
  const target = renewalTarget(state)
  if (!target || state.renewalFailures > RENEWAL_RETRIES) return { kind: 'downgrade' }
  if (state.nextRenewalAttemptAt !== null && now < state.nextRenewalAttemptAt) return { kind: 'none' }
  return { kind: 'charge', plan: target, months: state.renewMonths, attempt: state.renewalFailures + 1 }
}

/** After a failed charge: retry a day later, or (the retries spent) move down now. */
export function afterRenewalFailure(failuresBefore: number, now: number) {
  const failures = failuresBefore + 1
  return failures > RENEWAL_RETRIES
    ? { failures, downgrade: true as const, nextAttemptAt: null }
    : { failures, downgrade: false as const, nextAttemptAt: now + DAY_MS }
}

/** `from` plus whole calendar months in UTC, the day clamped to the month's last (31 Jan + 1 = 28/29 Feb). */
export function addMonths(from: number, months: number): number {
  const date = new Date(from)
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  )
}

/**
 * When a bought plan ends: the same plan still in force is extended from its end; another plan (or one that
 * lapsed) starts now, the rest of the old one is not carried over (ADR 0095).
 */
export function paidPeriodEnd(
  current: { plan: PlanName; validUntil: number | null; isTrial: boolean },
  bought: { plan: PlanName; months: number },
  now: number,
): number {
  const extends_ =
    !current.isTrial && current.plan === bought.plan && current.validUntil !== null && current.validUntil > now
  return addMonths(extends_ ? (current.validUntil as number) : now, bought.months)
}
