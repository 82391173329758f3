/**
 * The guest's zone picker (ADR 0092): zones grouped by current offset and country ("UTC+09:00 · Япония": Токио),
 * named by city in the page's language. Without script it is a plain select (the form's button submits it); with
 * script a search box above it filters by city or country as the guest types, and the browser's detected zone
 * comes first.
 */
import { type ChangeEvent, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { ZONE_EXTRA_ATTRIBUTE, ZONE_LIST_ATTRIBUTE, type ZoneOption } from './zone-options.ts'

const normalize = (text: string) => text.toLocaleLowerCase().replaceAll('ё', 'е')

/** The zones whose city or country contains the query (case-insensitive, ё as е). */
export function filterZones(zones: ZoneOption[], query: string): ZoneOption[] {
  const wanted = normalize(query.trim())
  if (!wanted) return zones
  return zones.filter((zone) => normalize(zone.label).includes(wanted) || normalize(zone.group).includes(wanted))
}

function grouped(zones: ZoneOption[]): [string, ZoneOption[]][] {
  const groups = new Map<string, ZoneOption[]>()
  for (const zone of zones) {
    const list = groups.get(zone.group)
    if (list) list.push(zone)
    else groups.set(zone.group, [zone])
  }
  return [...groups]
}

export function ZoneSelect({
  zones,
  value,
  valueName,
  onChange,
}: {
  zones: ZoneOption[] | null
  value: string
  /** The current zone's readable name, shown while the list is not there or lacks it. */
  valueName: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
}) {
  const { t, i18n } = useTranslation()
  const hydrated = useHydrated()
  const [query, setQuery] = useState('')
  const [detected, setDetected] = useState<string | null>(null)
  useEffect(() => setDetected(Intl.DateTimeFormat().resolvedOptions().timeZone || null), [])
  const shown = useMemo(() => (zones ? filterZones(zones, query) : null), [zones, query])
  const current = zones?.find((zone) => zone.id === value)
  const detectedZone = !query && detected && detected !== value ? zones?.find((zone) => zone.id === detected) : null
  return (
    <div className="grid gap-2">
      {hydrated && zones ? (
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('booking:event.zoneSearch')}
          aria-label={t('booking:event.zoneSearch')}
          className="w-full min-w-0 rounded-lg border border-line bg-card px-3 py-2"
          data-testid="zone-search"
        />
      ) : null}
      {/* Keyed by the URL's zone (and whether the list has arrived): a detected or chosen zone replaces the
          select, which would otherwise keep showing the zone it was first rendered with. */}
      <select
        key={`${value}|${zones ? 'list' : 'one'}|${query}`}
        name="tz"
        defaultValue={value}
        className="w-full min-w-0 rounded-lg border border-line bg-card px-3 py-2"
        onChange={onChange}
        data-testid="zone-select"
        aria-label={t('booking:event.timeZone')}
        {...{ [ZONE_LIST_ATTRIBUTE]: zones ? i18n.language : undefined }}
      >
        {/* The current zone first when the list lacks it or the search hides it, so picking another changes it. */}
        {!current || (query && !shown?.includes(current)) ? (
          <option value={value} {...{ [ZONE_EXTRA_ATTRIBUTE]: '' }}>
            {current ? `${current.label} (${current.group})` : valueName}
          </option>
        ) : null}
        {detectedZone ? (
          <optgroup label={t('booking:event.zoneDetectedGroup')}>
            <option value={detectedZone.id} {...{ [ZONE_EXTRA_ATTRIBUTE]: '' }}>
              {`${detectedZone.label} (${detectedZone.group})`}
            </option>
          </optgroup>
        ) : null}
        {shown
          ? grouped(shown).map(([group, list]) => (
              <optgroup key={group} label={group}>
                {list.map((zone) => (
                  <option key={zone.id} value={zone.id}>
                    {zone.label}
                  </option>
                ))}
              </optgroup>
            ))
          : null}
      </select>
      {query && shown?.length === 0 ? (
        <p className="text-sm text-muted" role="status">
          {t('booking:event.zoneNotFound')}
        </p>
      ) : null}
    </div>
  )
}
