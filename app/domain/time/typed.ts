/**
 * What a person types into the app's date and time fields (SPEC §5: dates shown DD.MM.YYYY, times 24-hour HH:mm),
 * read leniently. The one reading of those fields: the inputs of app/components/ui/date-time-inputs.tsx use it as
 * the field is left, and the servers of forms that post them (also without script) read the posted text with it
 * (app/domain/time/typed-fields.ts), so `YYYY-MM-DD` of older links and bookmarks keeps working too.
 */
import { isIsoDate } from './date.ts'
import { dmyToIso, isHm } from './format.ts'

/** A typed time: `09:30`, `9:30`, `930`, `0930`, `9.30`, `9` -> `09:30` / `09:00`; null when it is no time. */
export function readTypedTime(text: string): string | null {
  const match = /^(\d{1,2})(?:[:.\s]?(\d{2}))?$/.exec(text.trim())
  if (!match) return null
  const time = `${match[1].padStart(2, '0')}:${match[2] ?? '00'}`
  return isHm(time) ? time : null
}

/**
 * A typed date as `YYYY-MM-DD`: `25.12.2026`, `25/12/2026`, `25-12-2026`, `5.1.2027`, `25122026`, or already
 * `2026-12-25`; null when it is no date (or an impossible one such as 31.02).
 */
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
