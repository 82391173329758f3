import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { ZONE_COUNTRIES } from '#app/domain/time-zones/zone-countries.ts'
import { hasRussianName, zoneName } from '#app/domain/time-zones/zone-names.ts'

const CYRILLIC = /^[А-Яа-яЁё][А-Яа-яЁё0-9 .,’'()-]*$/

describe('zone names (CLDR exemplar cities, extracted at build time)', () => {
  it('gives every zone of zone.tab a Russian city name in Cyrillic', () => {
    const zones = Object.keys(ZONE_COUNTRIES)
    expect(zones.length).toBeGreaterThan(400)
    for (const zone of zones) {
      expect(hasRussianName(zone), zone).toBe(true)
      expect(zoneName(zone, 'ru'), zone).toMatch(CYRILLIC)
    }
  })

  it('names the zones the issue found wrong', () => {
    expect(zoneName('America/Coyhaique', 'ru')).toBe('Койайке')
    expect(zoneName('America/Rio_Branco', 'ru')).toBe('Риу-Бранку')
    expect(zoneName('Asia/Tokyo', 'ru')).toBe('Токио')
    expect(zoneName('Asia/Tokyo', 'en')).toBe('Tokyo')
  })

  it('names renamed zones under both ids (zone.tab and the older id runtimes report)', () => {
    expect(zoneName('Asia/Kolkata', 'ru')).toBe('Калькутта')
    expect(zoneName('Asia/Calcutta', 'ru')).toBe('Калькутта')
    expect(zoneName('Asia/Calcutta', 'en')).toBe('Kolkata')
    expect(zoneName('Europe/Kiev', 'en')).toBe('Kyiv')
    expect(zoneName('Europe/Kyiv', 'en')).toBe('Kyiv')
    expect(zoneName('America/Argentina/Buenos_Aires', 'en')).toBe('Buenos Aires')
    expect(zoneName('America/Indiana/Knox', 'en')).toBe('Knox, Indiana')
  })

  it('names fixed offsets as UTC±N', () => {
    expect(zoneName('Etc/GMT-3', 'ru')).toBe('UTC+3')
    expect(zoneName('Etc/GMT+5', 'en')).toBe('UTC-5')
    expect(zoneName('UTC', 'en')).toBe('UTC')
  })

  it('the committed module is what the build script extracts from cldr-dates-full', () => {
    // Throws (exit code 1) when the generated module differs from a fresh extraction.
    execFileSync('npx', ['tsx', 'scripts/zone-names.ts', '--check'], { stdio: 'pipe' })
  })
})
