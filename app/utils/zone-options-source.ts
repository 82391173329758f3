/**
 * Where the zone picker's options come from while the server renders (app/components/booking/zone-options.ts): the
 * server layer registers its cached builder here, the component asks it. A neutral module, so the server never
 * imports a component (README "Layout", docs/decisions/0078-layering.md).
 */
/** One zone of the picker: its city, in a group of the zones of one country at one current offset. */
export type ZoneOption = { id: string; label: string; group: string }

/** "UTC+09:00 · Япония" / "Токио" from the SPEC §3 zone (app/domain/time-zones/time-zones.ts listTimeZones). */
export function zoneOptionOf(zone: { ianaId: string; name: string; utcDiffTime: string; countryName: string }) {
  return {
    id: zone.ianaId,
    label: zone.name,
    group: zone.countryName ? `UTC${zone.utcDiffTime} · ${zone.countryName}` : `UTC${zone.utcDiffTime}`,
  }
}

let serverSource: ((language: string) => ZoneOption[]) | null = null

/** Server only (app/server/booking/page/zones.server.ts). */
export function provideZoneOptions(source: (language: string) => ZoneOption[]) {
  serverSource = source
}

/** The server's options in `language`; null in the browser. */
export function serverZoneOptions(language: string): ZoneOption[] | null {
  return serverSource?.(language) ?? null
}
