/**
 * The home page's first-run guide (issue 18): profile, schedule, event type, sharing, calendar and Telegram, each
 * done by what the account shows (a photo or description, a schedule changed from the default, an event type, a first
 * booking, a connected calendar, the bot) or when the specialist marks it done (kept in a cookie). Once all are done
 * the home shows today's and the next meetings and the link to copy instead.
 */
export const GUIDE_STEPS = ['profile', 'schedule', 'eventType', 'share', 'calendar', 'telegram'] as const
export type GuideStep = (typeof GUIDE_STEPS)[number]

export const GUIDE_LINKS: Record<GuideStep, string> = {
  profile: '/profile',
  schedule: '/schedules',
  eventType: '/eventTypes/create',
  share: '/shareLink',
  calendar: '/integrations',
  telegram: '/integrations/tgBot',
}

export type GuideFacts = {
  hasPhotoOrDescription: boolean
  scheduleChanged: boolean
  eventTypes: number
  bookings: number
  calendarConnected: boolean
  telegramConnected: boolean
}

/** The steps marked done, from the cookie's text ("profile.share"); unknown names are ignored. */
export function parseMarked(text: string | null | undefined): Set<GuideStep> {
  const names = (text ?? '').split('.')
  return new Set(GUIDE_STEPS.filter((step) => names.includes(step)))
}

export function serializeMarked(marked: Iterable<GuideStep>): string {
  const set = new Set(marked)
  return GUIDE_STEPS.filter((step) => set.has(step)).join('.')
}

export function guideSteps(facts: GuideFacts, marked: ReadonlySet<GuideStep>) {
  const shown: Record<GuideStep, boolean> = {
    profile: facts.hasPhotoOrDescription,
    schedule: facts.scheduleChanged,
    eventType: facts.eventTypes > 0,
    share: facts.bookings > 0,
    calendar: facts.calendarConnected,
    telegram: facts.telegramConnected,
  }
  const steps = GUIDE_STEPS.map((step) => ({ step, href: GUIDE_LINKS[step], done: shown[step] || marked.has(step) }))
  return { steps, complete: steps.every((s) => s.done) }
}
