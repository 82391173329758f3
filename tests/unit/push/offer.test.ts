import { describe, expect, it } from 'vitest'
import { BREAKPOINTS } from '#app/domain/constants.ts'
import { REFUSAL_QUIET_MS, afterPrompt, pushOffer } from '#app/domain/push/offer.ts'

const now = Date.UTC(2026, 10, 23, 12)
const phone = { supported: true, configured: true, permission: 'default' as const, width: 412, refusedAt: null, now }

describe('when web push is offered (SPEC §9: not on large screens)', () => {
  it('offers the banner on a phone that was never asked', () => {
    expect(pushOffer(phone)).toBe('ask')
  })

  it('asks below the lg breakpoint only', () => {
    expect(pushOffer({ ...phone, width: BREAKPOINTS.lg - 1 })).toBe('ask')
    expect(pushOffer({ ...phone, width: BREAKPOINTS.lg })).toBe('none')
    expect(pushOffer({ ...phone, width: 1280 })).toBe('none')
  })

  it('offers nothing without browser support or without the deployment’s Firebase settings', () => {
    expect(pushOffer({ ...phone, supported: false })).toBe('none')
    expect(pushOffer({ ...phone, configured: false })).toBe('none')
    expect(pushOffer({ ...phone, configured: false, permission: 'granted' })).toBe('none')
  })

  it('asks nothing again after a refusal: the browser’s Block, or Not now on this device', () => {
    expect(pushOffer({ ...phone, permission: 'denied' })).toBe('none')
    expect(pushOffer({ ...phone, refusedAt: now - 60_000 })).toBe('none')
    expect(pushOffer({ ...phone, refusedAt: now - REFUSAL_QUIET_MS + 1 })).toBe('none')
    expect(pushOffer({ ...phone, refusedAt: now - REFUSAL_QUIET_MS })).toBe('ask')
  })

  it('with permission given before, refreshes the token without asking, on any screen', () => {
    expect(pushOffer({ ...phone, permission: 'granted' })).toBe('register')
    expect(pushOffer({ ...phone, permission: 'granted', width: 1600 })).toBe('register')
  })

  it('registers only after the browser said yes; a closed or blocked prompt counts as a refusal', () => {
    expect(afterPrompt('granted')).toBe('register')
    expect(afterPrompt('denied')).toBe('refused')
    expect(afterPrompt('default')).toBe('refused')
  })
})
