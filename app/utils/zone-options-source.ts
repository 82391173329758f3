/**
 * Where the zone picker's options come from while the server renders (app/components/booking/zone-options.ts): the
 * server layer registers its cached builder here, the component asks it. A neutral module, so the server never
 * imports a component (README "Layout", docs/decisions/0078-layering.md).
 */
export type ZoneOption = { id: string; label: string }

let serverSource: ((language: string) => ZoneOption[]) | null = null

/** Server only (app/server/booking/page.server.ts). */
export function provideZoneOptions(source: (language: string) => ZoneOption[]) {
  serverSource = source
}

/** The server's options in `language`; null in the browser. */
export function serverZoneOptions(language: string): ZoneOption[] | null {
  return serverSource?.(language) ?? null
}
