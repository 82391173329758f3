/**
 * What the share panel gives (SPEC §2 "Event types: share"): the public link, a mail-to link (subject and
 * link in the body) and the site widget code, standard (large) or compact (small), with width and height.
 * The public pages themselves are the public booking area's: these are only their addresses.
 */
import { EMBED_FRAME_HEIGHT_PX } from '#app/domain/constants.ts'

export type WidgetSize = 'large' | 'small'
export const WIDGET_DEFAULTS: Record<WidgetSize, { width: string; height: string }> = {
  large: { width: '100%', height: String(EMBED_FRAME_HEIGHT_PX) },
  small: { width: '400', height: '600' },
}

export function publicEventUrl(appUrl: string, login: string, link: string): string {
  return `${trimSlash(appUrl)}/user/${encodeURIComponent(login.toLowerCase())}/event/${encodeURIComponent(link)}`
}

export function widgetUrl(appUrl: string, login: string, link: string, size: WidgetSize): string {
  return `${trimSlash(appUrl)}/widget/booking/user/${encodeURIComponent(login.toLowerCase())}/event/${encodeURIComponent(link)}?size=${size}`
}

export function mailtoLink(subject: string, url: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(url)}`
}

/**
 * A mail-to link as a person reads it in the share panels' fields (issue 18): decoded, "Запишитесь ко мне", not
 * "%D0%97..."; the "send" button keeps the encoded link.
 */
export function readableMailto(mailto: string): string {
  try {
    return decodeURIComponent(mailto)
  } catch {
    return mailto
  }
}

/** A width or height the snippet accepts: a number of pixels or a percentage; anything else is refused. */
export function isFrameDimension(value: string): boolean {
  return /^\d{1,4}%?$/.test(value.trim()) && Number.parseInt(value, 10) > 0
}

export function widgetCode(
  appUrl: string,
  login: string,
  link: string,
  size: WidgetSize,
  dimensions: { width: string; height: string } = WIDGET_DEFAULTS[size],
): string {
  const width = isFrameDimension(dimensions.width) ? dimensions.width.trim() : WIDGET_DEFAULTS[size].width
  const height = isFrameDimension(dimensions.height) ? dimensions.height.trim() : WIDGET_DEFAULTS[size].height
  return `<iframe src="${widgetUrl(appUrl, login, link, size)}" width="${width}" height="${height}" style="border:none" loading="lazy" title="FastSlot"></iframe>`
}

export function shareInfo(appUrl: string, login: string, eventType: { name: string; link: string }) {
  const url = publicEventUrl(appUrl, login, eventType.link)
  return {
    publicUrl: url,
    mailto: mailtoLink(eventType.name, url),
    widget: {
      standard: widgetCode(appUrl, login, eventType.link, 'large'),
      compact: widgetCode(appUrl, login, eventType.link, 'small'),
    },
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
