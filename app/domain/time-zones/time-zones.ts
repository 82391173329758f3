import { ZONE_COUNTRIES } from './zone-countries.ts'
import { zoneName } from './zone-names.ts'

/** SPEC §3 "Timezone". */
export type TimeZoneInfo = {
  ianaId: string
  name: string
  displayName: string
  /** The zone's current offset from UTC, `+03:00`. */
  utcDiffTime: string
  /** The zone's wall time now, `HH:mm`. */
  localTime: string
  countryName: string
}

const zoneCache = new Map<string, boolean>()

export function isTimeZone(value: string): boolean {
  const cached = zoneCache.get(value)
  if (cached !== undefined) return cached
  let valid = true
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
  } catch {
    valid = false
  }
  zoneCache.set(value, valid)
  return valid
}

/** A time zone from the `timezone` header or query: an IANA id, or a number read as hours from UTC (SPEC §7). */
export function parseViewerTimeZone(value: string | null | undefined): string | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^[+-]?\d{1,2}(\.\d+)?$/.test(trimmed)) {
    const hours = Number(trimmed)
    if (!Number.isInteger(hours) || hours < -12 || hours > 14) return null
    // Etc/GMT zones have inverted signs: Etc/GMT-3 is UTC+3.
    return hours === 0 ? 'Etc/UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`
  }
  return isTimeZone(trimmed) ? trimmed : null
}

function offsetMinutes(zone: string, now: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(now)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wallAsUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'))
  return Math.round((wallAsUtc - Math.floor(now / 60000) * 60000) / 60000)
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** The wall time `HH:mm` at `now` in a zone `offset` minutes from UTC. */
function wallTime(now: number, offset: number): string {
  const minute = (((Math.floor(now / 60000) + offset) % 1440) + 1440) % 1440
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
}

/**
 * The time zones a person can choose, named by their city in the person's language (CLDR exemplar cities,
 * zone-names.ts; never "Coyhaique" or a generic "standard time" name) with the country: `name` "Токио",
 * `countryName` "Япония", `displayName` "(UTC+09:00) Токио, Япония". Sorted by current offset, then country, then
 * city, so a picker can group them by offset and country; `preferredIanaId` (the browser's zone) comes first.
 */
export function listTimeZones(language: string, now: number, preferredIanaId?: string | null): TimeZoneInfo[] {
  const regions = new Intl.DisplayNames([language], { type: 'region' })
  const zones = Object.keys(ZONE_COUNTRIES).filter(isTimeZone)
  const collator = new Intl.Collator(language)
  const items = zones.map((ianaId) => {
    const offset = offsetMinutes(ianaId, now)
    const name = zoneName(ianaId, language)
    const countryName = regions.of(ZONE_COUNTRIES[ianaId]) ?? ''
    const utcDiffTime = formatOffset(offset)
    return {
      offset,
      info: {
        ianaId,
        name,
        displayName: `(UTC${utcDiffTime}) ${countryName ? `${name}, ${countryName}` : name}`,
        utcDiffTime,
        localTime: wallTime(now, offset),
        countryName,
      },
    }
  })
  items.sort(
    (a, b) =>
      a.offset - b.offset ||
      collator.compare(a.info.countryName, b.info.countryName) ||
      collator.compare(a.info.name, b.info.name),
  )
  const list = items.map((item) => item.info)
  if (preferredIanaId) {
    const index = list.findIndex((zone) => zone.ianaId === preferredIanaId)
    if (index > 0) list.unshift(...list.splice(index, 1))
  }
  return list
}
