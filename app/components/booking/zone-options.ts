/**
 * The zone picker's options (about 420 zones with localized names), rendered once per page: the server renders them
 * into the select, but they are not loader data (that would send the list a second time, in the page's data script).
 *  - Server: app/server/booking/page/zones.server.ts registers its cached builder with `provideZoneOptions` (app/utils/zone-options-source.ts);
 *    the render asks it.
 *  - Browser, hydrating: the options are read back from the server-rendered select, so hydration renders the same.
 *  - Browser, arriving by a client navigation (no select in the document): fetched once per language from
 *    `/booking/zones?lang=` (cacheable), the current zone alone shown meanwhile.
 * docs/decisions/0031-booking-pages-url-state-and-widget.md "Zone picker"
 */
import { useEffect, useState } from 'react'
import { type ZoneOption, serverZoneOptions } from '#app/utils/zone-options-source.ts'

export type { ZoneOption }

const loaded = new Map<string, ZoneOption[]>()

/** The attribute that marks the select holding the full list, with its language. */
export const ZONE_LIST_ATTRIBUTE = 'data-zone-list'
/** The attribute of an option that is not part of the list (the viewer's zone when the list lacks it). */
export const ZONE_EXTRA_ATTRIBUTE = 'data-zone-extra'

function fromDocument(language: string): ZoneOption[] | null {
  if (typeof document === 'undefined') return null
  type Option = {
    value: string
    textContent: string | null
    hasAttribute(name: string): boolean
    parentElement: { getAttribute(name: string): string | null } | null
  }
  const options: Option[] = Array.from(
    document.querySelectorAll(`select[${ZONE_LIST_ATTRIBUTE}="${language}"] option`) as unknown as ArrayLike<Option>,
  )
  const list = options
    .filter((option) => !option.hasAttribute(ZONE_EXTRA_ATTRIBUTE))
    .map((option) => ({
      id: option.value,
      label: option.textContent ?? option.value,
      group: option.parentElement?.getAttribute('label') ?? '',
    }))
  if (list.length === 0) return null
  loaded.set(language, list)
  return list
}

function known(language: string): ZoneOption[] | null {
  return serverZoneOptions(language) ?? loaded.get(language) ?? fromDocument(language)
}

/** The options in `language`, or null while they are being fetched (only when `needed`). */
export function useZoneOptions(language: string, needed: boolean): ZoneOption[] | null {
  const [state, setState] = useState(() => ({ language, zones: known(language) }))
  const zones = state.language === language ? state.zones : known(language)
  useEffect(() => {
    if (zones || !needed) return
    const controller = new AbortController()
    fetch(`/booking/zones?lang=${encodeURIComponent(language)}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ZoneOption[]>) : null))
      .then((list) => {
        if (!list) return
        loaded.set(language, list)
        setState({ language, zones: list })
      })
      .catch(() => {})
    return () => controller.abort()
  }, [language, zones, needed])
  return zones
}
