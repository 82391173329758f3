import { describe, expect, it } from 'vitest'
import { CANCEL_REASON_MAX, parseCancelReason } from '#app/domain/meetings/cancel-reason.ts'

describe('a guest’s cancel reason', () => {
  it('is optional: blank or missing is none, text is trimmed', () => {
    expect(parseCancelReason(null)).toEqual({ ok: true, reason: null })
    expect(parseCancelReason('   ')).toEqual({ ok: true, reason: null })
    expect(parseCancelReason('  Заболела  ')).toEqual({ ok: true, reason: 'Заболела' })
  })

  it('takes a long text of SPEC §9 (1500 characters) and refuses more, naming the field and the limit', () => {
    expect(CANCEL_REASON_MAX).toBe(1500)
    expect(parseCancelReason('я'.repeat(1500))).toEqual({ ok: true, reason: 'я'.repeat(1500) })
    expect(parseCancelReason('я'.repeat(1501))).toEqual({
      ok: false,
      refusal: { code: 'textTooLong', field: 'reason', params: { count: 1500 } },
    })
  })
})
