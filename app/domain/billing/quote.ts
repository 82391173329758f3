/**
 * What a plan costs (docs/decisions/0095-plans-and-payments.md): the list price from the one price table, a promo
 * code's discount, then Fasties (1 Fastie = 1 ruble) for at most half of what is left, in whole rubles. Amounts in
 * kopecks, as the provider takes them. Pure: the caller reads the wallet balance and the promo code.
 */
import { PLAN_PRICES_RUB } from '#app/domain/constants.ts'
import type { PlanName } from '#app/domain/enums.ts'

/** The plans one can buy: Basic is the fallback every account keeps, never charged (ADR 0095). */
export const PURCHASABLE_PLANS = ['Standard', 'Pro'] as const satisfies readonly PlanName[]
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number]
/** Months one payment may cover. */
export const PAYMENT_MONTHS = [1, 3, 6, 12] as const
export type PaymentMonths = (typeof PAYMENT_MONTHS)[number]

export const KOPECKS_PER_RUBLE = 100
/** One Fastie pays one ruble. */
export const KOPECKS_PER_FASTIE = 100
/** Fasties pay at most this share of a plan (after its discount). */
export const FASTIES_MAX_SHARE = 0.5
/** The card binding for the trial: the smallest payment the provider takes, never captured (ADR 0095). */
export const CARD_BINDING_KOPECKS = 100

export function isPurchasable(plan: string): plan is PurchasablePlan {
  return (PURCHASABLE_PLANS as readonly string[]).includes(plan)
}

export function listPriceKopecks(plan: PlanName, months: number): number {
  return PLAN_PRICES_RUB[plan] * months * KOPECKS_PER_RUBLE
}

export type QuoteInput = {
  plan: PurchasablePlan
  months: PaymentMonths
  /** A discount code's percent off (1..100), if one applies. */
  discountPercent?: number
  /** The wallet's balance in Fasties. */
  walletBalance: number
  /** Fasties the specialist asks to spend (more than allowed is cut to what is allowed). */
  fastiesWanted: number
}

export type Quote = {
  listKopecks: number
  discountKopecks: number
  fastiesUsed: number
  /** What the card is charged; 0 when a discount and Fasties cover it all (nothing goes to the provider). */
  amountKopecks: number
}

export function quote(input: QuoteInput): Quote {
  const listKopecks = listPriceKopecks(input.plan, input.months)
  const percent = Math.min(100, Math.max(0, Math.trunc(input.discountPercent ?? 0)))
  const discountKopecks = Math.floor((listKopecks * percent) / 100)
  const afterDiscount = listKopecks - discountKopecks
  const cap = Math.floor((afterDiscount * FASTIES_MAX_SHARE) / KOPECKS_PER_FASTIE)
  const fastiesUsed = Math.max(
    0,
    Math.min(Math.trunc(input.fastiesWanted), Math.max(0, Math.trunc(input.walletBalance)), cap),
  )
  return {
    listKopecks,
    discountKopecks,
    fastiesUsed,
    amountKopecks: afterDiscount - fastiesUsed * KOPECKS_PER_FASTIE,
  }
}

/** Kopecks as the provider writes an amount: "950.00". */
export function kopecksToValue(kopecks: number): string {
  return `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`
}

/** The provider's "950.00" (or "950") back to kopecks; NaN for anything else. */
export function valueToKopecks(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value)
  if (!match) return Number.NaN
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}
