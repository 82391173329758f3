/** The one place that builds a participant's self-service (cancel/move) link. */
export function manageLink(appUrl: string, token: string): string {
  return new URL(`/booking/manage/${encodeURIComponent(token)}`, appUrl).toString()
}
