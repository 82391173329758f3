import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isReservedName } from '#app/domain/reserved-names.ts'

const ROOT = join(import.meta.dirname, '../../..')

/**
 * The first URL segment a Remix flat-routes file (or folder) name gives, or null when the route starts with a
 * dynamic segment, is an index, or is the pathless layout itself: `_app.eventTypes.$id.tsx` -> `eventTypes`,
 * `_app.integrations_.tgBot.tsx` -> `integrations`, `dev.mail[.]json.tsx` -> `dev`, `$login.$eventLink.tsx` -> null.
 */
function firstSegmentOfRoute(fileName: string): string | null {
  const name = fileName.replace(/\.(tsx?|jsx?)$/, '')
  // Dots inside [...] are escaped, not separators.
  const segments = name.match(/(?:\[[^\]]*\]|[^.])+/g) ?? []
  for (const raw of segments) {
    // A leading underscore is a pathless layout (`_app`) or the index (`_index`): no URL segment.
    if (raw.startsWith('_')) continue
    const segment = raw
      .replace(/_$/, '')
      .replace(/^\((.*)\)$/, '$1')
      .replace(/\[([^\]]*)\]/g, '$1')
    if (segment.startsWith('$') || segment === '') return null
    return segment
  }
  return null
}

function routeFirstSegments(): string[] {
  const entries = readdirSync(join(ROOT, 'app/routes'), { withFileTypes: true })
  return entries
    .filter((entry) => entry.isDirectory() || /\.(tsx?|jsx?)$/.test(entry.name))
    .map((entry) => firstSegmentOfRoute(entry.name))
    .filter((segment): segment is string => segment !== null)
}

/** Paths the Worker answers before Remix (workers/app.ts: `pathname.startsWith('/api/')` and the like). */
function workerPrefixes(): string[] {
  const source = readFileSync(join(ROOT, 'workers/app.ts'), 'utf8')
  return [...source.matchAll(/pathname(?:\.startsWith\(|\s*===\s*)'\/([^/']+)/g)].map((match) => match[1])
}

/**
 * Files served as they are from the site root (public/ ends up in build/client). `_headers` and `_redirects` are
 * rules for Cloudflare's static assets, never served themselves.
 */
function staticFiles(): string[] {
  return readdirSync(join(ROOT, 'public')).filter((name) => name !== '_headers' && name !== '_redirects')
}

describe('reserved names', () => {
  it('refuses the app routes in any case', () => {
    for (const name of ['login', 'LOGIN', ' signup ', 'eventtypes', 'eventTypes', 'widget', 'api', 'dev', 'ics']) {
      expect(isReservedName(name)).toBe(true)
    }
  })

  it('accepts ordinary names', () => {
    for (const name of ['demo', 'anna', 'consultation', 'logins']) expect(isReservedName(name)).toBe(false)
  })

  it('reads the first URL segment of flat-route file names', () => {
    expect(firstSegmentOfRoute('_app.eventTypes.$id.tsx')).toBe('eventTypes')
    expect(firstSegmentOfRoute('_app.integrations_.tgBot.tsx')).toBe('integrations')
    expect(firstSegmentOfRoute('dev.mail[.]json.tsx')).toBe('dev')
    expect(firstSegmentOfRoute('ics.$bookingId.tsx')).toBe('ics')
    expect(firstSegmentOfRoute('robots[.]txt.ts')).toBe('robots.txt')
    expect(firstSegmentOfRoute('$login.$eventLink.tsx')).toBeNull()
    expect(firstSegmentOfRoute('_index.tsx')).toBeNull()
    expect(firstSegmentOfRoute('_app.tsx')).toBeNull()
    expect(firstSegmentOfRoute('$.tsx')).toBeNull()
  })

  // `/{login}/{eventLink}` is the short public link (SPEC §2): a login equal to any first path segment the app
  // answers itself would be shadowed by that route. A new route, API prefix or static file fails here until its
  // segment is reserved.
  it('reserves every first path segment the app answers itself', () => {
    const segments = [...routeFirstSegments(), ...workerPrefixes(), ...staticFiles(), 'assets']
    expect(segments).toContain('ics')
    expect(segments).toContain('api')
    expect(segments.filter((segment) => !isReservedName(segment))).toEqual([])
  })
})
