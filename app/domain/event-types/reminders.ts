/**
 * Reminders (SPEC §3, §5, §9): a list of minutes before the meeting. 60 and 1440 are the presets; any other
 * value is a custom reminder of an amount and a unit, at most 90 minutes, 23 hours or 30 days.
 */
import { DEFAULT_CUSTOM_REMINDER_MINUTES, DEFAULT_REMINDERS_MINUTES } from '#app/domain/constants.ts'
import type { SpecTimeUnit } from '#app/domain/availability/index.ts'

export const REMINDER_PRESETS: readonly number[] = DEFAULT_REMINDERS_MINUTES
export const CUSTOM_REMINDER_MAX: Record<SpecTimeUnit, number> = { Minutes: 90, Hours: 23, Days: 30 }
const MINUTES_PER_UNIT: Record<SpecTimeUnit, number> = { Minutes: 1, Hours: 60, Days: 1440 }

export type CustomReminder = { amount: number; unit: SpecTimeUnit }

export function customReminderMinutes(reminder: CustomReminder): number {
  return reminder.amount * MINUTES_PER_UNIT[reminder.unit]
}

export function isValidCustomReminder(reminder: CustomReminder): boolean {
  return (
    Number.isInteger(reminder.amount) && reminder.amount > 0 && reminder.amount <= CUSTOM_REMINDER_MAX[reminder.unit]
  )
}

/** SPEC §5: days if divisible by 1440, else hours if by 60, else minutes. */
export function customReminderOf(minutes: number): CustomReminder {
  if (minutes % 1440 === 0) return { amount: minutes / 1440, unit: 'Days' }
  if (minutes % 60 === 0) return { amount: minutes / 60, unit: 'Hours' }
  return { amount: minutes, unit: 'Minutes' }
}

/** Whether a stored minute value is a preset or a custom reminder within the SPEC limits. */
export function isAllowedReminderMinutes(minutes: number): boolean {
  return REMINDER_PRESETS.includes(minutes) || isValidCustomReminder(customReminderOf(minutes))
}

export function usesCustomReminders(reminders: readonly number[]): boolean {
  return reminders.some((minutes) => !REMINDER_PRESETS.includes(minutes))
}

/**
 * A stored list split the way the form shows it (SPEC §5 template rule): presets apart, the rest as custom
 * entries; with none, one custom entry of 30 minutes stands ready (flag off).
 */
export function splitReminders(reminders: readonly number[]) {
  const presets = reminders.filter((minutes) => REMINDER_PRESETS.includes(minutes))
  const custom = reminders.filter((minutes) => !REMINDER_PRESETS.includes(minutes)).map(customReminderOf)
  return {
    remindersInMinutes: presets,
    remindersInMinutesCustom: custom.length > 0,
    remindersInMinutesCustomValues: custom.length > 0 ? custom : [customReminderOf(DEFAULT_CUSTOM_REMINDER_MINUTES)],
  }
}
