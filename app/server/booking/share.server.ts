import { EMBED_FRAME_HEIGHT_PX } from '#app/domain/constants.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'

/**
 * The share panel's three texts (SPEC §2): the public page link (lowercased login, with the userId query), a
 * mail-to link with subject and the link in the body, and the frame snippet (width 100%, no border, 900px); each
 * row's "send" is a mail-to (the snippet's carries the code).
 */
export function shareLinks(appUrl: string, user: { id: string; login: string }, language: Language) {
  const t = getT(language)
  const page = new URL(`/user/${encodeURIComponent(user.login.toLowerCase())}`, appUrl)
  page.searchParams.set('userId', user.id)
  const pageUrl = page.toString()
  const mailto = `mailto:?subject=${encodeURIComponent(t('booking:share.mailSubject'))}&body=${encodeURIComponent(pageUrl)}`
  const embed = `<iframe src="${pageUrl.replaceAll('&', '&amp;')}" width="100%" height="${EMBED_FRAME_HEIGHT_PX}" style="border:none" title="${t('booking:event.widgetTitle')}"></iframe>`
  // "Send" for the snippet: a mail-to with the code in the body (works without script, like the other two rows).
  const embedMailto = `mailto:?subject=${encodeURIComponent(t('booking:share.widgetMailSubject'))}&body=${encodeURIComponent(embed)}`
  return { pageUrl, mailto, embed, embedMailto }
}
