/**
 * Analytics goals (SPEC §1 "Analytics goals are sent for ..."): the names the browser reports to Yandex Metrika
 * with `reachGoal`. One list, so a server flash (app/server/analytics/goals.server.ts) can carry only these.
 */
export const ANALYTICS_GOALS = [
  'login',
  // Registration variants: the sign-up form, a first sign-in with Yandex/Google/Apple/Microsoft, after a booking.
  'registrationEmail',
  'registrationOauth',
  'registrationAfterBooking',
  'emailConfirm',
  'codeConfirm',
  'createEvent',
  'bookingFromWidget',
  'createSchedule',
  'tariffPayment',
  // Trial steps (SPEC §4): the offer accepted (off to bind a card), the trial on, the binding failed.
  'trialStart',
  'trialActivated',
  'trialFailed',
] as const

export type AnalyticsGoal = (typeof ANALYTICS_GOALS)[number]

export function isAnalyticsGoal(value: string): value is AnalyticsGoal {
  return (ANALYTICS_GOALS as readonly string[]).includes(value)
}

/** The URL parameter that carries goals to a framed page (app/server/analytics/goals.server.ts `goalsInUrl`). */
export const GOAL_PARAM = 'goal'

/** A Metrika counter id: digits only (it is written into an inline script). */
export const METRIKA_COUNTER_PATTERN = /^\d{1,12}$/
