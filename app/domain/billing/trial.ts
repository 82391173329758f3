/**
 * The 7-day Pro trial (SPEC §1, §4): once per account, for binding a card; it ends TRIAL_DAYS after it started,
 * with reminders TRIAL_REMINDER_DAYS before the end (2 days, 1 day).
 */
import { TRIAL_DAYS, TRIAL_REMINDER_DAYS } from '#app/domain/constants.ts'
import type { PlanName } from '#app/domain/enums.ts'

export const DAY_MS = 86_400_000

export type TrialState = { trialStartedAt: number | null }

/** A trial is offered to an account that never had one and is on Basic (a paid plan would be lost for it). */
export function canStartTrial(plan: PlanName, subscription: TrialState | null): boolean {
  return plan === 'Basic' && (subscription?.trialStartedAt ?? null) === null
}

export function trialEndsAt(startedAt: number): number {
  return startedAt + TRIAL_DAYS * DAY_MS
}

export type TrialReminder = (typeof TRIAL_REMINDER_DAYS)[number]

/**
 * The reminder due now, if any: the latest one whose time has come and that was not sent. When a run was missed and
 * both are due, only the nearer one (1 day) goes; the 2-day one is then marked sent with it, never sent late.
 */
export function dueTrialReminder(
  input: { endsAt: number; reminded2d: boolean; reminded1d: boolean },
  now: number,
): TrialReminder | null {
  if (now >= input.endsAt) return null
  const sent: Record<TrialReminder, boolean> = { 2: input.reminded2d, 1: input.reminded1d }
  const due = [...TRIAL_REMINDER_DAYS].sort((a, b) => a - b).find((days) => now >= input.endsAt - days * DAY_MS)
  if (due === undefined || sent[due]) return null
  return due
}

/** Whole days left, rounded up (what the trial modals say: "2 days left"). */
export function trialDaysLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / DAY_MS))
}

/** Which trial modal of SPEC §2 the plans page opens on arrival, if any. */
export type TrialModal = TrialOffer | 'daysLeft' | 'activated' | 'ended' | null

/** The two offers of SPEC §2: a specialist registered within NEW_USER_MS gets the new-user one, later the old-user one. */
export type TrialOffer = 'newUser' | 'oldUser'
export const NEW_USER_MS = 7 * DAY_MS

export function trialOfferFor(registeredAt: number, now: number): TrialOffer {
  return now - registeredAt < NEW_USER_MS ? 'newUser' : 'oldUser'
}

/**
 * The offer that opens by itself (ADR 0095 "Update: the offer reaches new specialists"): while the account can start
 * the trial and has not said "No, thanks"; never after the trial was used.
 */
export function pendingTrialOffer(
  input: { plan: PlanName; subscription: TrialState | null; dismissed: boolean; registeredAt: number },
  now: number,
): TrialOffer | null {
  if (input.dismissed || !canStartTrial(input.plan, input.subscription)) return null
  return trialOfferFor(input.registeredAt, now)
}
