import { describe, expect, it } from 'vitest'
import {
  customReminderOf,
  isAllowedReminderMinutes,
  splitReminders,
  usesCustomReminders,
} from '#app/domain/event-types/reminders.ts'

describe('reminders (SPEC §5, §9)', () => {
  it('reads custom values as days, hours or minutes', () => {
    expect(customReminderOf(2880)).toEqual({ amount: 2, unit: 'Days' })
    expect(customReminderOf(120)).toEqual({ amount: 2, unit: 'Hours' })
    expect(customReminderOf(45)).toEqual({ amount: 45, unit: 'Minutes' })
  })

  it('allows the presets and custom values within 90 minutes, 23 hours, 30 days', () => {
    expect(isAllowedReminderMinutes(60)).toBe(true)
    expect(isAllowedReminderMinutes(1440)).toBe(true)
    expect(isAllowedReminderMinutes(90)).toBe(true)
    expect(isAllowedReminderMinutes(91)).toBe(false)
    expect(isAllowedReminderMinutes(23 * 60)).toBe(true)
    expect(isAllowedReminderMinutes(30 * 1440)).toBe(true)
    expect(isAllowedReminderMinutes(31 * 1440)).toBe(false)
  })

  it('splits a stored list into presets and custom entries, with a 30-minute entry ready', () => {
    expect(splitReminders([60, 1440])).toEqual({
      remindersInMinutes: [60, 1440],
      remindersInMinutesCustom: false,
      remindersInMinutesCustomValues: [{ amount: 30, unit: 'Minutes' }],
    })
    expect(splitReminders([60, 180])).toEqual({
      remindersInMinutes: [60],
      remindersInMinutesCustom: true,
      remindersInMinutesCustomValues: [{ amount: 3, unit: 'Hours' }],
    })
    expect(usesCustomReminders([60, 1440])).toBe(false)
    expect(usesCustomReminders([60, 15])).toBe(true)
  })
})
