/**
 * A time zone's name as a person reads it: its CLDR exemplar city in their language ("Токио", "Tokyo"), never the
 * raw IANA id. The names are extracted at build time (scripts/zone-names.ts) into zone-names.generated.ts.
 */
import { ZONE_CITIES_EN, ZONE_CITIES_RU } from './zone-names.generated.ts'

const UTC_IDS = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu', 'Etc/GMT0'])

/** `Etc/GMT-3` -> `UTC+3` (Etc/GMT signs are inverted); null for other ids. */
function fixedOffsetName(zone: string): string | null {
  if (UTC_IDS.has(zone)) return 'UTC'
  const match = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone)
  if (!match) return null
  return `UTC${match[1] === '-' ? '+' : '-'}${Number(match[2])}`
}

/** The id's last part with spaces for underscores: CLDR's own fallback for a city it does not name. */
function cityOfId(zone: string): string {
  return (zone.split('/').pop() ?? zone).replaceAll('_', ' ')
}

/** The zone's city in `language` (Russian for `ru`, English otherwise), or `UTC±N` for a fixed offset. */
export function zoneName(zone: string, language: string): string {
  const fixed = fixedOffsetName(zone)
  if (fixed) return fixed
  const english = ZONE_CITIES_EN[zone] ?? cityOfId(zone)
  return language === 'ru' ? (ZONE_CITIES_RU[zone] ?? english) : english
}

/** Whether CLDR gives the zone a Russian city (every zone of zone.tab has one; tests/unit/time/zone-names). */
export function hasRussianName(zone: string): boolean {
  return zone in ZONE_CITIES_RU
}
