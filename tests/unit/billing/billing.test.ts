import { describe, expect, it } from 'vitest'
import { kopecksToValue, quote, valueToKopecks } from '#app/domain/billing/quote.ts'
import { normalizePromoCode, promoProblem } from '#app/domain/billing/promo.ts'
import {
  addMonths,
  afterRenewalFailure,
  paidPeriodEnd,
  renewalStep,
  type RenewalState,
} from '#app/domain/billing/renewal.ts'
import {
  DAY_MS,
  canStartTrial,
  dueTrialReminder,
  pendingTrialOffer,
  trialDaysLeft,
  trialEndsAt,
  trialOfferFor,
} from '#app/domain/billing/trial.ts'

const now = Date.UTC(2027, 0, 10, 12, 0)

describe('quote', () => {
  it('prices a plan from the one table, in kopecks', () => {
    expect(quote({ plan: 'Standard', months: 1, walletBalance: 0, fastiesWanted: 0 })).toEqual({
      listKopecks: 95_000,
      discountKopecks: 0,
      fastiesUsed: 0,
      amountKopecks: 95_000,
    })
    expect(quote({ plan: 'Pro', months: 3, walletBalance: 0, fastiesWanted: 0 }).amountKopecks).toBe(480_000)
  })

  it('takes the discount first, then Fasties for at most half of the rest and never more than the balance', () => {
    // 950 − 10% = 855 RUB; half is 427.5, so at most 427 Fasties.
    expect(
      quote({ plan: 'Standard', months: 1, discountPercent: 10, walletBalance: 1000, fastiesWanted: 1000 }),
    ).toEqual({
      listKopecks: 95_000,
      discountKopecks: 9_500,
      fastiesUsed: 427,
      amountKopecks: 85_500 - 42_700,
    })
    expect(quote({ plan: 'Standard', months: 1, walletBalance: 30, fastiesWanted: 100 }).fastiesUsed).toBe(30)
    expect(quote({ plan: 'Standard', months: 1, walletBalance: 30, fastiesWanted: -5 }).fastiesUsed).toBe(0)
  })

  it('a 100% code leaves nothing to charge', () => {
    expect(quote({ plan: 'Pro', months: 1, discountPercent: 100, walletBalance: 50, fastiesWanted: 50 })).toMatchObject(
      {
        fastiesUsed: 0,
        amountKopecks: 0,
      },
    )
  })

  it('writes and reads amounts as the provider does', () => {
    expect(kopecksToValue(95_000)).toBe('950.00')
    expect(kopecksToValue(42_705)).toBe('427.05')
    expect(valueToKopecks('427.05')).toBe(42_705)
    expect(valueToKopecks('950')).toBe(95_000)
    expect(valueToKopecks('9.5')).toBe(950)
    expect(valueToKopecks('-1.00')).toBeNaN()
  })
})

describe('promo codes', () => {
  const code = {
    kind: 'discountPercent' as const,
    value: 10,
    validFrom: now - DAY_MS,
    validUntil: now + DAY_MS,
    maxUses: 2,
    uses: 0,
  }
  it('normalizes what people type', () => {
    expect(normalizePromoCode(' fast 10 ')).toBe('FAST10')
  })
  it('refuses unknown, early, expired, used and exhausted codes', () => {
    expect(promoProblem(null, { now, usedByAccount: false })).toBe('unknown')
    expect(promoProblem(code, { now, usedByAccount: false })).toBeNull()
    expect(promoProblem(code, { now: now - 2 * DAY_MS, usedByAccount: false })).toBe('notYetValid')
    expect(promoProblem(code, { now: now + DAY_MS, usedByAccount: false })).toBe('expired')
    expect(promoProblem(code, { now, usedByAccount: true })).toBe('alreadyUsed')
    expect(promoProblem({ ...code, uses: 2 }, { now, usedByAccount: false })).toBe('exhausted')
    expect(
      promoProblem(
        { ...code, maxUses: null, validFrom: null, validUntil: null, uses: 99 },
        { now, usedByAccount: false },
      ),
    ).toBeNull()
  })
})

describe('trial', () => {
  it('opens the offer by itself until "No, thanks", never after the trial, in the new or old user words', () => {
    const input = { plan: 'Basic' as const, subscription: null, dismissed: false, registeredAt: now - DAY_MS }
    expect(pendingTrialOffer(input, now)).toBe('newUser')
    expect(pendingTrialOffer({ ...input, registeredAt: now - 7 * DAY_MS }, now)).toBe('oldUser')
    expect(pendingTrialOffer({ ...input, dismissed: true }, now)).toBeNull()
    expect(pendingTrialOffer({ ...input, subscription: { trialStartedAt: now - 30 * DAY_MS } }, now)).toBeNull()
    expect(pendingTrialOffer({ ...input, plan: 'Standard' }, now)).toBeNull()
    expect(trialOfferFor(now - 7 * DAY_MS + 1, now)).toBe('newUser')
  })

  it('is offered once, on Basic only', () => {
    expect(canStartTrial('Basic', null)).toBe(true)
    expect(canStartTrial('Basic', { trialStartedAt: null })).toBe(true)
    expect(canStartTrial('Basic', { trialStartedAt: now })).toBe(false)
    expect(canStartTrial('Standard', null)).toBe(false)
  })

  it('ends 7 days after it started and reminds at 2 days, then 1 day, each once', () => {
    const endsAt = trialEndsAt(now)
    expect(endsAt).toBe(now + 7 * DAY_MS)
    const state = { endsAt, reminded2d: false, reminded1d: false }
    expect(dueTrialReminder(state, endsAt - 2 * DAY_MS - 1)).toBeNull()
    expect(dueTrialReminder(state, endsAt - 2 * DAY_MS)).toBe(2)
    expect(dueTrialReminder({ ...state, reminded2d: true }, endsAt - 2 * DAY_MS + 3600_000)).toBeNull()
    expect(dueTrialReminder({ ...state, reminded2d: true }, endsAt - DAY_MS)).toBe(1)
    expect(dueTrialReminder({ ...state, reminded2d: true, reminded1d: true }, endsAt - 1)).toBeNull()
    // A missed run: only the nearer reminder goes.
    expect(dueTrialReminder(state, endsAt - DAY_MS + 1)).toBe(1)
    expect(dueTrialReminder(state, endsAt)).toBeNull()
    expect(trialDaysLeft(endsAt, endsAt - 2 * DAY_MS + 1)).toBe(2)
    expect(trialDaysLeft(endsAt, endsAt + 1)).toBe(0)
  })
})

describe('renewal', () => {
  const paid: RenewalState = {
    plan: 'Standard',
    validUntil: now,
    autoRenew: true,
    renewPlan: 'Standard',
    renewMonths: 1,
    paymentMethodId: 'pm-1',
    renewalFailures: 0,
    nextRenewalAttemptAt: null,
  }

  it('does nothing before the end or on Basic', () => {
    expect(renewalStep(paid, now - 1)).toEqual({ kind: 'none' })
    expect(renewalStep({ ...paid, plan: 'Basic' }, now)).toEqual({ kind: 'none' })
  })

  it('charges the saved card at the end, else moves down', () => {
    expect(renewalStep(paid, now)).toEqual({ kind: 'charge', plan: 'Standard', months: 1, attempt: 1 })
    expect(renewalStep({ ...paid, autoRenew: false }, now)).toEqual({ kind: 'downgrade' })
    expect(renewalStep({ ...paid, paymentMethodId: null }, now)).toEqual({ kind: 'downgrade' })
    expect(renewalStep({ ...paid, renewPlan: null }, now)).toEqual({ kind: 'downgrade' })
  })

  it('retries a failed charge 3 times a day apart, then moves down', () => {
    let state = paid
    let at = now
    const attempts: number[] = []
    for (;;) {
      const step = renewalStep(state, at)
      if (step.kind !== 'charge') {
        expect(step.kind).toBe('downgrade')
        break
      }
      attempts.push(step.attempt)
      const after = afterRenewalFailure(state.renewalFailures, at)
      if (after.downgrade) break
      expect(
        renewalStep(
          { ...state, renewalFailures: after.failures, nextRenewalAttemptAt: after.nextAttemptAt },
          at + DAY_MS - 1,
        ),
      ).toEqual({ kind: 'none' })
      state = { ...state, renewalFailures: after.failures, nextRenewalAttemptAt: after.nextAttemptAt }
      at += DAY_MS
    }
    expect(attempts).toEqual([1, 2, 3, 4])
    expect(at).toBe(now + 3 * DAY_MS)
  })

  it('adds calendar months, clamping the day', () => {
    expect(addMonths(Date.UTC(2027, 0, 31, 9), 1)).toBe(Date.UTC(2027, 1, 28, 9))
    expect(addMonths(Date.UTC(2027, 10, 15), 3)).toBe(Date.UTC(2028, 1, 15))
  })

  it('extends the same plan from its end; another plan or a trial starts now', () => {
    const current = { plan: 'Standard' as const, validUntil: now + 5 * DAY_MS, isTrial: false }
    expect(paidPeriodEnd(current, { plan: 'Standard', months: 1 }, now)).toBe(addMonths(now + 5 * DAY_MS, 1))
    expect(paidPeriodEnd(current, { plan: 'Pro', months: 1 }, now)).toBe(addMonths(now, 1))
    expect(paidPeriodEnd({ ...current, plan: 'Pro', isTrial: true }, { plan: 'Pro', months: 1 }, now)).toBe(
      addMonths(now, 1),
    )
  })
})
