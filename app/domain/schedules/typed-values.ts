/**
 * What a specialist types into the date and time fields (SPEC §5: dates shown DD.MM.YYYY, times HH:mm, 24-hour),
 * read leniently when the field is left; anything unreadable stays as typed for the validation rule to name.
 */
import { dmyToIso, isHm, isIsoDate } from '#app/domain/time/index.ts'

/** A typed time read leniently on leaving the field: `9:30`, `930`, `0930`, `9.30`, `9` -> `09:30` / `09:00`. */
export function readTypedTime(text: string): string | null {
  const match = /^(\d{1,2})(?:[:.\s]?(\d{2}))?$/.exec(text.trim())
  if (!match) return null
  const time = `${match[1].padStart(2, '0')}:${match[2] ?? '00'}`
  return isHm(time) ? time : null
}

/** A typed date read leniently: `25.12.2026`, `25/12/2026`, `25-12-2026`, `25122026`, `2026-12-25` -> ISO. */
export function readTypedDate(text: string): string | null {
  const value = text.trim()
  if (isIsoDate(value)) return value
  const match = /^(\d{1,2})[./\s-]?(\d{1,2})[./\s-]?(\d{4})$/.exec(value)
  if (!match) return null
  try {
    return dmyToIso(`${match[1].padStart(2, '0')}.${match[2].padStart(2, '0')}.${match[3]}`)
  } catch {
    return null
  }
}
