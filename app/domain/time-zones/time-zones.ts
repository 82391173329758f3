import { ZONE_COUNTRIES } from './zone-countries.ts'

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

/**
 * The time zones a person can choose, with names in their language, sorted by offset then name;
 * `preferredIanaId` (the browser's zone) comes first.
 */
export function listTimeZones(language: string, now: number, preferredIanaId?: string | null): TimeZoneInfo[] {
  const regions = new Intl.DisplayNames([language], { type: 'region' })
  const zones = Object.keys(ZONE_COUNTRIES).filter(isTimeZone)
  const timeFormat = (zone: string) =>
    new Intl.DateTimeFormat(language, { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  const items = zones.map((ianaId) => {
    const offset = offsetMinutes(ianaId, now)
    const displayName =
      new Intl.DateTimeFormat(language, { timeZone: ianaId, timeZoneName: 'longGeneric' })
        .formatToParts(now)
        .find((p) => p.type === 'timeZoneName')?.value ?? ianaId
    const city = ianaId.split('/').pop()?.replaceAll('_', ' ') ?? ianaId
    return {
      offset,
      info: {
        ianaId,
        name: city,
        displayName: `(UTC${formatOffset(offset)}) ${displayName}`,
        utcDiffTime: formatOffset(offset),
        localTime: timeFormat(ianaId).format(now),
        countryName: regions.of(ZONE_COUNTRIES[ianaId]) ?? '',
      },
    }
  })
  items.sort((a, b) => a.offset - b.offset || a.info.ianaId.localeCompare(b.info.ianaId))
  const list = items.map((item) => item.info)
  if (preferredIanaId) {
    const index = list.findIndex((zone) => zone.ianaId === preferredIanaId)
    if (index > 0) list.unshift(...list.splice(index, 1))
  }
  return list
}
