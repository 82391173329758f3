// The one place that asks the runtime's IANA data (through Intl) for a UTC
// offset. Everything else derives from these lookups via the transition table
// (zone-clock.ts), so a lookup happens once per sample or bisection step, never
// per slot. Creating an Intl.DateTimeFormat costs tens of microseconds, so one
// formatter per zone is kept for the life of the isolate.
import { MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND } from './civil.ts'

const formatters = new Map<string, Intl.DateTimeFormat>()

// 'longOffset' prints 'GMT+05:30', 'GMT-04:56:02' (local mean time) or 'GMT'.
const LONG_OFFSET = /GMT(?:([+\-\u2212])(\d{2}):(\d{2})(?::(\d{2}))?)?$/

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0) return false
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}

// UTC offset of `timeZone` at the instant, in ms (wall clock minus UTC).
// Throws a RangeError for an unknown zone.
export function offsetAt(timeZone: string, epochMs: number): number {
  const text = formatterFor(timeZone).format(epochMs)
  const match = LONG_OFFSET.exec(text)
  if (!match) throw new RangeError(`Cannot read the UTC offset of ${timeZone} from '${text}'`)
  if (match[1] === undefined) return 0
  const magnitude =
    Number(match[2]) * MS_PER_HOUR + Number(match[3]) * MS_PER_MINUTE + Number(match[4] ?? 0) * MS_PER_SECOND
  return match[1] === '+' ? magnitude : -magnitude
}
