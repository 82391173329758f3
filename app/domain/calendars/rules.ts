/**
 * What a specialist types to connect a calendar (issue 14, API-CONTRACT.md "Calendars"), one schema per form shared
 * by the JSON API (workers/api/calendars.ts) and the page (/integrations). Messages are i18n keys (app/i18n/zod-errors.ts).
 */
import { z } from 'zod'
import { TEXT_MAX } from '../constants.ts'
import type { CalendarType } from '../enums.ts'

/** A server URL: long enough for any CalDAV path, short enough to store and show. */
const URL_MAX = 2000
/** Our ids are short opaque strings (UUIDv7 text); anything longer is not one of ours. */
const ID_MAX = 64

const required = (schema: z.ZodString) => schema.min(1, 'validation:required')

/**
 * A value of the wrong type is "invalid", a missing one "required" (zod 4 leaves the input out of its issues, so the
 * shared issue texts cannot tell them apart; the error map still sees it).
 */
const typeError = {
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code !== 'invalid_type' ? undefined : issue.input == null ? 'validation:required' : 'validation:invalid',
}

/** A login or Apple ID, trimmed (a pasted trailing space is never part of it). */
export const CalendarLoginSchema = required(z.string(typeError).trim()).max(TEXT_MAX)

/** An app password: Yandex's and Apple's never contain spaces at the ends, so a pasted one is trimmed too. */
export const CalendarPasswordSchema = required(z.string(typeError).trim()).max(TEXT_MAX)

/** A CalDAV server's address: http or https (whether the deployment may call it is the provider's guard). */
export const CalendarUrlSchema = required(z.string(typeError).trim())
  .max(URL_MAX)
  .pipe(z.url({ protocol: /^https?$/, error: 'calendars:form.urlInvalid' }))

export const PasswordCredentialsSchema = z.object({ login: CalendarLoginSchema, password: CalendarPasswordSchema })

/** `POST .../yandexCalendarIntegration/availableCalendars` and `.../add`: `{ login, password }`. */
export const YandexConnectSchema = PasswordCredentialsSchema

/** `POST .../appleCalendarIntegration/add`: `{ calendarType: "Apple", url?, credentials }` (SPEC §3 Apple payload). */
export const AppleConnectSchema = z.object({
  calendarType: z.literal('Apple', { error: 'validation:invalid' }),
  url: CalendarUrlSchema.nullish(),
  credentials: PasswordCredentialsSchema,
})

/** `POST .../caldavCalendarIntegration/add`: `{ url, credentials }`. */
export const CalDavConnectSchema = z.object({ url: CalendarUrlSchema, credentials: PasswordCredentialsSchema })

/** The page's connect forms are flat (`url`, `login`, `password`): the same field schemas, without nesting. */
export const ConnectFormSchema = {
  yandex: PasswordCredentialsSchema,
  apple: PasswordCredentialsSchema,
  caldav: PasswordCredentialsSchema.extend({ url: CalendarUrlSchema }),
} as const

export const IdSchema = required(z.string(typeError).trim()).max(ID_MAX)

export const IntegrationStatusSchema = z.object({ isActive: z.boolean(typeError) })

export const BusySourceSchema = z.object({ isBusySource: z.boolean(typeError) })

/** `PUT .../defaultCalendar`: the calendar bookings are written to, or `null` for none. */
export const WriteTargetSchema = z.object({ integrationId: IdSchema, calendarId: IdSchema }).nullable()

/** `?oldVersion=N`: a whole number as the page last saw it (`dbLineVersion`). */
export const OldVersionSchema = z.object({
  oldVersion: z
    .string()
    .regex(/^\d{1,15}$/, 'validation:integer')
    .transform(Number),
})

/** The API's provider path segments (API-CONTRACT.md "Calendars") and the integration type each one means. */
export const PROVIDER_SEGMENTS = {
  yandexCalendarIntegration: 'Yandex',
  appleCalendarIntegration: 'Apple',
  googleCalendarIntegration: 'Google',
  outlookCalendarIntegration: 'Outlook',
  caldavCalendarIntegration: 'CalDav',
} as const satisfies Record<string, CalendarType>

export type ProviderSegment = keyof typeof PROVIDER_SEGMENTS

export function typeOfSegment(segment: string): CalendarType | null {
  return Object.hasOwn(PROVIDER_SEGMENTS, segment) ? PROVIDER_SEGMENTS[segment as ProviderSegment] : null
}

/** The page's provider cards, in the order SPEC §2 names them, CalDAV (any server) last. */
export const PROVIDER_KEYS = ['yandex', 'apple', 'google', 'outlook', 'caldav'] as const
export type ProviderKey = (typeof PROVIDER_KEYS)[number]

export const TYPE_OF_PROVIDER = {
  yandex: 'Yandex',
  apple: 'Apple',
  google: 'Google',
  outlook: 'Outlook',
  caldav: 'CalDav',
} as const satisfies Record<ProviderKey, CalendarType>

/**
 * The name a person reads for an integration: a known provider's name in the reader's language (the stored label is
 * the API's, written once in Russian for Yandex); a CalDAV server's label is its host, the same in every language.
 */
export function readableLabel(integration: { type: CalendarType; label: string }, t: (key: string) => string): string {
  const key = PROVIDER_KEYS.find((provider) => TYPE_OF_PROVIDER[provider] === integration.type)
  return key && key !== 'caldav' ? t(`calendars:providers.${key}.name`) : integration.label
}

/** Providers connected with a login and a password through the page's forms (Google and Outlook go through OAuth). */
export const PASSWORD_PROVIDERS = ['yandex', 'apple', 'caldav'] as const
export type PasswordProvider = (typeof PASSWORD_PROVIDERS)[number]

/** Providers connected through their consent page (OAuth). */
export type OAuthProvider = Exclude<ProviderKey, PasswordProvider>

export const isPasswordProvider = (value: string): value is PasswordProvider =>
  (PASSWORD_PROVIDERS as readonly string[]).includes(value)

/** The label a Yandex integration gets (the SPEC's integration label; the product's own name for the service). */
export const YANDEX_LABEL = 'Яндекс Календарь'
/** The label an Apple integration gets. */
export const APPLE_LABEL = 'iCloud'

/**
 * A Yandex account's address: a bare login is the local part of its yandex.ru address (Yandex ID), so invitations the
 * account declined are recognised by it in the sync; a login given as an address is that address.
 */
export function yandexEmail(login: string): string {
  return login.includes('@') ? login : `${login}@yandex.ru`
}

/** What a CalDAV integration is labelled with: its server's host (`cal.example.com`). */
export function caldavLabel(url: string): string {
  return new URL(url).host
}
