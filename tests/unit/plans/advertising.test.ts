import { describe, expect, it } from 'vitest'
import { ADVERTISING_LINKS, advertisingCards } from '#app/domain/advertising.ts'

const nothing = { calendar: false, telegramBot: false, plan: 'Basic' as const, bookings: false }

describe('home advertising cards (SPEC §3, §7 eventAdvertising)', () => {
  it('offers every next step to a new specialist, in order', () => {
    expect(advertisingCards(nothing, new Set())).toEqual(['connectCalendar', 'telegramBot', 'upgrade', 'shareLink'])
    expect(ADVERTISING_LINKS.upgrade).toBe('/tariff?plan=Pro')
  })

  it('shows none for what the specialist already has, and none closed', () => {
    expect(advertisingCards({ calendar: true, telegramBot: true, plan: 'Pro', bookings: true }, new Set())).toEqual([])
    expect(advertisingCards({ ...nothing, plan: 'Standard' }, new Set(['connectCalendar', 'shareLink']))).toEqual([
      'telegramBot',
      'upgrade',
    ])
  })
})
