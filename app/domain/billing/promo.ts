/** Promo codes (ADR 0095): a percent off a plan payment, or Fasties for the wallet; validity dates, a use limit. */
import type { PromoKind } from '#app/domain/enums.ts'

export type PromoCode = {
  kind: PromoKind
  value: number
  validFrom: number | null
  validUntil: number | null
  maxUses: number | null
  uses: number
}

export type PromoProblem = 'unknown' | 'notYetValid' | 'expired' | 'exhausted' | 'alreadyUsed'

/** What people type: trimmed, upper-case, inner spaces dropped. */
export function normalizePromoCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase()
}

/** Why a code cannot be used by this account now, or null when it can. */
export function promoProblem(
  code: PromoCode | null,
  input: { now: number; usedByAccount: boolean },
): PromoProblem | null {
  if (!code) return 'unknown'
  if (code.validFrom !== null && input.now < code.validFrom) return 'notYetValid'
  if (code.validUntil !== null && input.now >= code.validUntil) return 'expired'
  if (input.usedByAccount) return 'alreadyUsed'
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'exhausted'
  return null
}
