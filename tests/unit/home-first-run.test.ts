import { describe, expect, it } from 'vitest'
import { guideSteps, parseMarked, serializeMarked } from '#app/domain/home/first-run.ts'

const fresh = {
  hasPhotoOrDescription: false,
  scheduleChanged: false,
  eventTypes: 0,
  bookings: 0,
  calendarConnected: false,
  telegramConnected: false,
}

describe('first-run guide', () => {
  it('a new account has every step to do; facts and marks complete them', () => {
    const start = guideSteps(fresh, new Set())
    expect(start.steps.map((s) => [s.step, s.done])).toEqual([
      ['profile', false],
      ['schedule', false],
      ['eventType', false],
      ['share', false],
      ['calendar', false],
      ['telegram', false],
    ])
    expect(start.complete).toBe(false)
    const some = guideSteps({ ...fresh, eventTypes: 1, telegramConnected: true }, parseMarked('schedule'))
    expect(some.steps.filter((s) => s.done).map((s) => s.step)).toEqual(['schedule', 'eventType', 'telegram'])
    const all = guideSteps(
      { ...fresh, hasPhotoOrDescription: true, eventTypes: 2, bookings: 1 },
      parseMarked('calendar.telegram.schedule'),
    )
    expect(all.complete).toBe(true)
  })

  it('reads and writes the marks, ignoring unknown names', () => {
    expect([...parseMarked('share.bogus..profile')]).toEqual(['profile', 'share'])
    expect(parseMarked(undefined).size).toBe(0)
    expect(serializeMarked(['telegram', 'profile', 'telegram'])).toBe('profile.telegram')
  })
})
