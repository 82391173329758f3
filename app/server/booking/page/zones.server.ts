/** The zone picker's options of the event page (app/components/booking/zone-options.ts). */
import { isLanguage, type Language } from '#app/i18n/config.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { listTimeZones } from '#app/domain/time-zones/time-zones.ts'
import { type ZoneOption, provideZoneOptions, zoneOptionOf } from '#app/utils/zone-options-source.ts'

const zoneCache = new Map<string, { at: number; list: ZoneOption[] }>()

/** The zone picker's options (names in the page language), cached for ten minutes per isolate. */
function zoneOptions(language: Language, now: number) {
  const cached = zoneCache.get(language)
  if (cached && now - cached.at < 10 * 60_000) return cached.list
  const list = listTimeZones(language, now).map(zoneOptionOf)
  zoneCache.set(language, { at: now, list })
  return list
}

// The page renders the options from here, not from its loader data (zone-options.ts).
provideZoneOptions((language) => zoneOptions(isLanguage(language) ? language : 'ru', Date.now()))

/** `GET /booking/zones?lang=`: the same options as JSON, for a page reached by a client navigation. */
export async function zoneOptionsResponse(request: Request) {
  const list = zoneOptions(await getLanguage(request), Date.now())
  return Response.json(list, { headers: { 'Cache-Control': 'public, max-age=600' } })
}
