// Time in the booking ICS (RFC 5545 §3.3.5 form 3, §3.6.5): DTSTART/DTEND as the meeting zone's wall clock with
// TZID, and a VTIMEZONE for that zone built from the project's own zone module (app/domain/time: offsets and
// transitions read from Intl), covering the span of the file's events.
import type {
  ICalTemporalInstantStub,
  ICalTemporalPlainDateStub,
  ICalTemporalPlainDateTimeStub,
  ICalTemporalZonedDateTimeStub,
} from 'ical-generator'
import { buildOffsetTable, offsetAt } from '#app/domain/time/index.ts'

const DAY_MS = 86_400_000
const QUARTER_MS = 91 * DAY_MS

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallOf(timeZone: string, epochMs: number): Wall {
  return utcWall(new Date(epochMs + offsetAt(timeZone, epochMs)))
}

/** The UTC fields of a date that holds a wall clock (the zone's offset already added). */
function utcWall(local: Date): Wall {
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  }
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0')

/** `YYYYMMDDTHHMMSS`, an RFC 5545 local DATE-TIME. */
function icsLocal(wall: Wall): string {
  return `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`
}

function isoLocal(wall: Wall): string {
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`
}

/**
 * An instant in a zone in the shape of a Temporal.ZonedDateTime, which ical-generator formats as the zone's wall
 * clock (its `Date` path would use the process's own zone instead, UTC in workerd).
 */
export function zonedDateTime(timeZone: string, epochMs: number): ICalTemporalZonedDateTimeStub {
  const wall = wallOf(timeZone, epochMs)
  const text = `${isoLocal(wall)}[${timeZone}]`
  const plainDate: ICalTemporalPlainDateStub = {
    year: wall.year,
    month: wall.month,
    day: wall.day,
    toJSON: () => isoLocal(wall).slice(0, 10),
    toString: () => isoLocal(wall).slice(0, 10),
  }
  const plain: ICalTemporalPlainDateTimeStub = {
    ...wall,
    toJSON: () => isoLocal(wall),
    toString: () => isoLocal(wall),
    toPlainDate: () => plainDate,
    toZonedDateTime: (zone) => zonedDateTime(zone, epochMs),
  }
  const instant: ICalTemporalInstantStub = {
    epochMilliseconds: epochMs,
    toJSON: () => new Date(epochMs).toISOString(),
    toString: () => new Date(epochMs).toISOString(),
    toZonedDateTimeISO: (zone) => zonedDateTime(zone, epochMs),
  }
  return {
    ...wall,
    timeZoneId: timeZone,
    toInstant: () => instant,
    toPlainDateTime: () => plain,
    withTimeZone: (zone) => zonedDateTime(zone, epochMs),
    toJSON: () => text,
    toString: () => text,
  }
}

/** `+0300`, `-0430`, `+053328` (seconds only when there are any). */
function utcOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+'
  const total = Math.round(Math.abs(offsetMs) / 1000)
  const seconds = total % 60
  return `${sign}${pad(Math.floor(total / 3600))}${pad(Math.floor(total / 60) % 60)}${seconds ? pad(seconds) : ''}`
}

/** Summer time is an offset above the lowest one of the surrounding year (sampled quarterly); else standard time. */
function isDaylight(timeZone: string, at: number, offsetMs: number): boolean {
  const around = [-2, -1, 1, 2].map((quarter) => offsetAt(timeZone, at + quarter * QUARTER_MS))
  return offsetMs > Math.min(...around)
}

/**
 * The VTIMEZONE of `timeZone` for the instants `from`..`to` (with a day's margin each side): the observance in
 * force at the start, then one per offset change inside the span, each starting at the change's local time in the
 * offset before it (RFC 5545 §3.6.5).
 */
export function vtimezone(timeZone: string, from: number, to: number): string {
  const start = Math.floor(from / DAY_MS) * DAY_MS - DAY_MS
  const table = buildOffsetTable(timeZone, start, to + DAY_MS)
  const observance = (at: number, before: number, after: number) => {
    const kind = isDaylight(timeZone, at, after) ? 'DAYLIGHT' : 'STANDARD'
    return [
      `BEGIN:${kind}`,
      `DTSTART:${icsLocal(utcWall(new Date(at + before)))}`,
      `TZOFFSETFROM:${utcOffset(before)}`,
      `TZOFFSETTO:${utcOffset(after)}`,
      `END:${kind}`,
    ]
  }
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, ...observance(table.from, table.offsets[0], table.offsets[0])]
  table.transitions.forEach((at, i) => {
    lines.push(...observance(at, table.offsets[i], table.offsets[i + 1]))
  })
  lines.push('END:VTIMEZONE')
  return lines.join('\r\n')
}
