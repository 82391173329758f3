/**
 * One recogniser of online meeting links (issue 15; SPEC §5 "Zoom links ... and the provider's video-service links get
 * own icons; others generic"): a known video service by its host (for the icon and the name the public page shows in
 * place of the link), any other http(s) link as a plain link, and every other scheme (`javascript:`, `data:`, `ftp:`)
 * refused. A point without a scheme gets `http://` first (SPEC §5). Pure: the form, the server and the pages share it.
 */

export const VIDEO_SERVICES = ['telemost', 'zoom', 'googleMeet', 'teams', 'jitsi', 'vkTeams', 'skype'] as const
export type VideoService = (typeof VIDEO_SERVICES)[number]

/** What an online meeting point is: a known service, a plain link, or not a link we accept. */
export type MeetingLinkKind = VideoService | 'link'

/** Refused: not a link at all (`invalid`), or a link of another scheme than http(s) (`scheme`: `javascript:`, ...). */
export type RecognizedLink =
  | { ok: true; url: string; kind: MeetingLinkKind }
  | { ok: false; reason: 'invalid' | 'scheme' }

/** SPEC §5: a meeting link gets http:// when it has no scheme (`zoom.us/j/1` is a link, `javascript:x` is not). */
export function meetingLink(point: string): string {
  const trimmed = point.trim()
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d/.test(trimmed) ? trimmed : `http://${trimmed}`
}

const onHost = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`)

/** Hosts of each known service (the path matters only for Zoom, SPEC §5: /j/ or /my/). */
const SERVICES: { kind: VideoService; matches: (host: string, path: string) => boolean }[] = [
  {
    kind: 'telemost',
    matches: (host) => ['telemost.yandex.ru', 'telemost.yandex.com', 'telemost.360.yandex.ru'].includes(host),
  },
  { kind: 'zoom', matches: (host, path) => onHost(host, 'zoom.us') && /^\/(j|my)\//.test(path) },
  { kind: 'googleMeet', matches: (host) => host === 'meet.google.com' },
  { kind: 'teams', matches: (host) => onHost(host, 'teams.microsoft.com') || onHost(host, 'teams.live.com') },
  { kind: 'jitsi', matches: (host) => host === 'meet.jit.si' || onHost(host, '8x8.vc') },
  { kind: 'vkTeams', matches: (host) => ['teams.vk.com', 'webim.teams.vk.com', 'calls.vk.com'].includes(host) },
  { kind: 'skype', matches: (host) => host === 'join.skype.com' || onHost(host, 'skype.com') },
]

/** The link an online meeting point stands for, and what it is; `{ ok: false }` for any scheme but http(s). */
export function recognizeMeetingLink(point: string): RecognizedLink {
  if (!point.trim()) return { ok: false, reason: 'invalid' }
  const link = meetingLink(point)
  if (!/^https?:/i.test(link)) return { ok: false, reason: 'scheme' }
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  if (!url.hostname || url.username || url.password) return { ok: false, reason: 'invalid' }
  const host = url.hostname.toLowerCase()
  // SPEC §5: a Zoom link is Zoom's only over https (an http "zoom" link is a plain link).
  const service = SERVICES.find(
    (s) => s.matches(host, url.pathname) && (s.kind !== 'zoom' || url.protocol === 'https:'),
  )
  return { ok: true, url: url.toString(), kind: service?.kind ?? 'link' }
}

/** The kind of an online point for its icon and name; null when it is not an acceptable link. */
export function meetingLinkKind(point: string): MeetingLinkKind | null {
  const found = recognizeMeetingLink(point)
  return found.ok ? found.kind : null
}
