/**
 * The guest's time zone on the public booking pages (ADR 0092, no wrong-zone flash): `?tz=` when the link or the
 * picker gives one, else the zone kept in the `tz` cookie (written when a zone is chosen or detected, by the page's
 * script or by the loader for a `?tz=` without script), else the host's, which the page says plainly without script
 * and corrects with script before the slots are shown (app/components/booking/zone-first-render.tsx).
 */
import { parseViewerTimeZone } from '#app/domain/time-zones/time-zones.ts'

export const ZONE_COOKIE = 'tz'
const YEAR_SECONDS = 60 * 60 * 24 * 365

export type ViewerZone = { zone: string; source: 'url' | 'cookie' | 'host' }

/** The zone kept in the `tz` cookie (a guest's chosen or detected zone), or null. */
export function cookieZone(request: Request): string | null {
  const header = request.headers.get('Cookie')
  if (!header) return null
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== ZONE_COOKIE) continue
    try {
      return parseViewerTimeZone(decodeURIComponent(rest.join('=')))
    } catch {
      return null
    }
  }
  return null
}

export function viewerZone(request: Request, hostZone: string): ViewerZone {
  const fromUrl = parseViewerTimeZone(new URL(request.url).searchParams.get('tz'))
  if (fromUrl) return { zone: fromUrl, source: 'url' }
  const kept = cookieZone(request)
  if (kept) return { zone: kept, source: 'cookie' }
  return { zone: hostZone, source: 'host' }
}

/** The `Set-Cookie` that keeps a zone the guest chose by `?tz=` (null when the cookie already holds it). */
export function keepZoneCookie(request: Request): string | null {
  const fromUrl = parseViewerTimeZone(new URL(request.url).searchParams.get('tz'))
  if (!fromUrl || cookieZone(request) === fromUrl) return null
  return `${ZONE_COOKIE}=${encodeURIComponent(fromUrl)}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax; Secure`
}
