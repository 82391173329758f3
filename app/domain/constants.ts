/** SPEC §9 business constants, in one place. */
export const TOAST_DURATION_MS = { default: 4000, success: 2000, list: 5000 } as const
export const MAX_TOASTS = 20
export const CODE_RESEND_SECONDS = 60
export const EVENT_TYPES_PAGE_SIZE = 32
export const MEETINGS_PAGE_SIZE = 31
export const TEXT_MAX = 200
export const LONG_TEXT_MAX = 1500
export const PASSWORD_MIN = 8
export const LOGIN_MIN = 2
export const NAME_MIN = 2
export const DURATION_MAX_MINUTES = 1380
export const DEFAULT_REMINDERS_MINUTES = [60, 1440] as const
export const DEFAULT_CUSTOM_REMINDER_MINUTES = 30
export const DEBOUNCE_MS = 500
export const EMBED_FRAME_HEIGHT_PX = 900
export const RECIPIENT_CHIPS = 5
export const TRIAL_DAYS = 7
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1248, xxl: 1488 } as const
/** SPEC §1, §9: monthly plan prices in rubles (the one price table: pages, API and payments read it). */
export const PLAN_PRICES_RUB = { Basic: 220, Standard: 950, Pro: 1600 } as const
/** SPEC §4, §9: trial reminders this many days before its end. */
export const TRIAL_REMINDER_DAYS = [2, 1] as const
/** A failed renewal is retried this many times, a day apart, before the account moves down (issue 16). */
export const RENEWAL_RETRIES = 3
/** A freed seat of a full group slot is kept for the first in its waitlist this long, then offered to the next. */
export const WAITLIST_OFFER_MINUTES = 30
/** At most this many people wait for one slot at once (a line longer than this would never be reached). */
export const WAITLIST_MAX_PER_SLOT = 50
