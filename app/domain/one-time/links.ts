/** The one place that builds the public `/booking` link of a one-time meeting (SPEC §2 "/booking (one-time event)"). */
export function bookingLink(appUrl: string, meetingId: string, inviteToken?: string): string {
  const url = new URL('/booking', appUrl)
  url.searchParams.set('companyEventId', meetingId)
  if (inviteToken) url.searchParams.set('invite', inviteToken)
  return url.toString()
}
