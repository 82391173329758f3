import enAccounts from '#app/locales/en/accounts.json'
import enApi from '#app/locales/en/api.json'
import enBooking from '#app/locales/en/booking.json'
import enCommon from '#app/locales/en/common.json'
import enEventTypes from '#app/locales/en/eventTypes.json'
import enSchedules from '#app/locales/en/schedules.json'
import enNotify from '#app/locales/en/notify.json'
import enContacts from '#app/locales/en/contacts.json'
import enMeetings from '#app/locales/en/meetings.json'
import enOneTime from '#app/locales/en/oneTime.json'
import enValidation from '#app/locales/en/validation.json'
import enPush from '#app/locales/en/push.json'
import enCalendars from '#app/locales/en/calendars.json'
import enBilling from '#app/locales/en/billing.json'
import enDeveloper from '#app/locales/en/developer.json'
import enPlans from '#app/locales/en/plans.json'
import enWaitlist from '#app/locales/en/waitlist.json'
import ruAccounts from '#app/locales/ru/accounts.json'
import ruApi from '#app/locales/ru/api.json'
import ruBooking from '#app/locales/ru/booking.json'
import ruCommon from '#app/locales/ru/common.json'
import ruEventTypes from '#app/locales/ru/eventTypes.json'
import ruSchedules from '#app/locales/ru/schedules.json'
import ruNotify from '#app/locales/ru/notify.json'
import ruContacts from '#app/locales/ru/contacts.json'
import ruMeetings from '#app/locales/ru/meetings.json'
import ruOneTime from '#app/locales/ru/oneTime.json'
import ruValidation from '#app/locales/ru/validation.json'
import ruPush from '#app/locales/ru/push.json'
import ruCalendars from '#app/locales/ru/calendars.json'
import ruBilling from '#app/locales/ru/billing.json'
import ruDeveloper from '#app/locales/ru/developer.json'
import ruPlans from '#app/locales/ru/plans.json'
import ruWaitlist from '#app/locales/ru/waitlist.json'
import { NAMESPACES, type Namespace } from './namespaces.ts'

/** Russian is the source language and the fallback (SPEC §1); English is complete (tests/unit/i18n). */
export const LANGUAGES = ['ru', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'ru'

export const resources = {
  ru: {
    common: ruCommon,
    api: ruApi,
    validation: ruValidation,
    accounts: ruAccounts,
    eventTypes: ruEventTypes,
    schedules: ruSchedules,
    booking: ruBooking,
    notify: ruNotify,
    contacts: ruContacts,
    meetings: ruMeetings,
    push: ruPush,
    oneTime: ruOneTime,
    calendars: ruCalendars,
    billing: ruBilling,
    developer: ruDeveloper,
    plans: ruPlans,
    waitlist: ruWaitlist,
  },
  en: {
    common: enCommon,
    api: enApi,
    validation: enValidation,
    accounts: enAccounts,
    eventTypes: enEventTypes,
    schedules: enSchedules,
    booking: enBooking,
    notify: enNotify,
    contacts: enContacts,
    meetings: enMeetings,
    push: enPush,
    oneTime: enOneTime,
    calendars: enCalendars,
    billing: enBilling,
    developer: enDeveloper,
    plans: enPlans,
    waitlist: enWaitlist,
  },
} as const

export { NAMESPACES }
// Every namespace of NAMESPACES has its texts in both languages, and no text file is left out of NAMESPACES.
true satisfies Namespace extends keyof (typeof resources)['ru'] ? true : false
true satisfies keyof (typeof resources)['ru'] extends Namespace ? true : false
true satisfies keyof (typeof resources)['en'] extends Namespace ? true : false

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: NAMESPACES,
  interpolation: { escapeValue: false },
} as const

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The first supported language named by an `Accept-Language`/`locale` header, else Russian. */
export function languageFromHeader(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().slice(0, 2).toLowerCase()
    if (isLanguage(tag)) return tag
  }
  return DEFAULT_LANGUAGE
}
