/**
 * The one place that builds a participant's self-service (cancel/move) link. With the participant's language the
 * page opens in it (`?lang=`), whatever the browser that opens the email last chose.
 */
export function manageLink(appUrl: string, token: string, language?: string): string {
  const url = new URL(`/booking/manage/${encodeURIComponent(token)}`, appUrl)
  if (language) url.searchParams.set('lang', language)
  return url.toString()
}
