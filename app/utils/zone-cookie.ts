/**
 * The `tz` cookie: the zone a person chose or their browser reported, read by the server
 * (app/server/booking/viewer-zone.server.ts) so public pages render in it and a new account starts in it.
 */

/** Keeps the zone in the `tz` cookie, so the next visit renders in it. */
export function keepZone(zone: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, read by the server; no Cookie Store API in Safari
  document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax; secure`
}

/** Keeps the browser's zone when no zone is kept yet (a chosen one is never replaced). */
export function keepDetectedZone() {
  if (document.cookie.split(';').some((part) => part.trim().startsWith('tz='))) return
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (zone) keepZone(zone)
  } catch {
    // No Intl zone: the server keeps its default.
  }
}
