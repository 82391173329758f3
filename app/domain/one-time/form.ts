/**
 * The one-time meeting creation page (SPEC §3 "Creation form also has date, timezone, timeFrom, timeTo,
 * inviteParticipant, existContacts, newContacts, visitors, ignoreOverlapEvents, templateSelect, template"): its
 * values, the template choice (SPEC §4), and the SPEC §5 rules that turn the form into the JSON payload.
 * No zod here: the page's script imports it; the payload is validated by rules.ts on the server.
 */
import { DEFAULT_CUSTOM_REMINDER_MINUTES, DEFAULT_REMINDERS_MINUTES } from '#app/domain/constants.ts'
import { PARTICIPANT_TYPES, PLACE_TYPES, TIME_UNITS, WHO_CALL_TYPES } from '#app/domain/enums.ts'
import { customReminderMinutes, splitReminders } from '#app/domain/event-types/reminders.ts'
import { offsetAt, readTypedDate, readTypedTime, zonedToInstant } from '#app/domain/time/index.ts'

type PlaceType = 'Meet' | 'Online' | 'Phone'
type WhoCallType = 'MemberCallToOrganizer' | 'OrganizerCallToMember'
type TimeUnit = 'Minutes' | 'Hours' | 'Days'
type ParticipantType = 'SimpleNotCollective' | 'SimpleCollective' | 'GroupNotCollective' | 'GroupCollective'

export const INVITE_MODES = ['participants', 'visitors'] as const
export type InviteMode = (typeof INVITE_MODES)[number]
export const NEW_CONTACT_ROWS_MAX = 20

export type NewContactRow = { firstName: string; lastName: string; email: string }
export type CustomReminderRow = { amount: string; unit: TimeUnit }

/** SPEC §3 "Template fields". */
export type TemplateValues = {
  name: string
  description: string
  type: PlaceType
  meetingPoint: string
  /** Online: 'telemost' gives each meeting its own Telemost link (issue 15); '' when off. */
  videoLinkService: '' | 'telemost'
  whoCallType: WhoCallType
  color: string
  reminders: number[]
  remindersCustom: boolean
  customReminders: CustomReminderRow[]
  isLastNameRequired: boolean
  isPhoneRequired: boolean
  isMessengerRequired: boolean
  isOptionalInputsHidden: boolean
  whenClosesValue: string
  whenClosesType: TimeUnit
  /** '' when off. */
  getTimeBeforeValue: string
  getTimeAfterValue: string
}

export type OneTimeFormValues = TemplateValues & {
  date: string
  timeZone: string
  timeFrom: string
  timeTo: string
  templateSelect: 'new' | 'template'
  template: string
  participantType: ParticipantType
  totalSeats: string
  minSeats: string
  inviteParticipant: InviteMode
  existContacts: string[]
  newContacts: NewContactRow[]
  /** Emails, one per line or separated by commas. */
  visitors: string
  adjutants: string
}

/** What a template may be made from: an event type of the organizer. */
export type TemplateSource = {
  name: string
  description: string
  placeType: PlaceType
  meetingPoint: string | null
  videoLinkService?: 'telemost' | null
  whoCallType: WhoCallType | null
  color: string
  remindersInMinutes: number[]
  isLastNameRequired: boolean
  isPhoneRequired: boolean
  isMessengerRequired: boolean
  isOptionalInputsHidden: boolean
  whenClosesValue: number
  whenClosesType: TimeUnit
  timeBeforeMinutes: number | null
  timeAfterMinutes: number | null
}

export const DEFAULT_TEMPLATE: TemplateValues = {
  name: '',
  description: '',
  type: 'Meet',
  meetingPoint: '',
  videoLinkService: '',
  whoCallType: 'OrganizerCallToMember',
  color: '#ff0000',
  reminders: [...DEFAULT_REMINDERS_MINUTES],
  remindersCustom: false,
  customReminders: [{ amount: String(DEFAULT_CUSTOM_REMINDER_MINUTES), unit: 'Minutes' }],
  isLastNameRequired: false,
  isPhoneRequired: false,
  isMessengerRequired: false,
  isOptionalInputsHidden: false,
  whenClosesValue: '0',
  whenClosesType: 'Minutes',
  getTimeBeforeValue: '',
  getTimeAfterValue: '',
}

/** SPEC §5: a template's reminders split into presets and custom entries (one of 30 minutes if none). */
export function templateValues(source: TemplateSource): TemplateValues {
  const reminders = splitReminders(source.remindersInMinutes)
  return {
    name: source.name,
    description: source.description,
    type: source.placeType,
    meetingPoint: source.meetingPoint ?? '',
    videoLinkService: source.placeType === 'Online' ? (source.videoLinkService ?? '') : '',
    whoCallType: source.whoCallType ?? 'OrganizerCallToMember',
    color: source.color,
    reminders: reminders.remindersInMinutes,
    remindersCustom: reminders.remindersInMinutesCustom,
    customReminders: reminders.remindersInMinutesCustomValues.map((r) => ({ amount: String(r.amount), unit: r.unit })),
    isLastNameRequired: source.isLastNameRequired,
    isPhoneRequired: source.isPhoneRequired,
    isMessengerRequired: source.isMessengerRequired,
    isOptionalInputsHidden: source.isOptionalInputsHidden,
    whenClosesValue: String(source.whenClosesValue),
    whenClosesType: source.whenClosesType,
    getTimeBeforeValue: source.timeBeforeMinutes === null ? '' : String(source.timeBeforeMinutes),
    getTimeAfterValue: source.timeAfterMinutes === null ? '' : String(source.timeAfterMinutes),
  }
}

export function newFormValues(input: { date: string; timeZone: string }): OneTimeFormValues {
  return {
    ...DEFAULT_TEMPLATE,
    date: input.date,
    timeZone: input.timeZone,
    timeFrom: '10:00',
    timeTo: '11:00',
    templateSelect: 'new',
    template: '',
    participantType: 'SimpleNotCollective',
    totalSeats: '1',
    minSeats: '1',
    inviteParticipant: 'participants',
    existContacts: [],
    newContacts: [{ firstName: '', lastName: '', email: '' }],
    visitors: '',
    adjutants: '',
  }
}

/** SPEC §4: choosing a template fills the template fields; everything else stays as typed. */
export function chooseTemplate(values: OneTimeFormValues, id: string, source: TemplateSource): OneTimeFormValues {
  return { ...values, ...templateValues(source), templateSelect: 'template', template: id }
}

/**
 * SPEC §4: clearing the template keeps only date, time zone, times, participant type, invitation, seats, contacts
 * and the template choice; everything else returns to the new-meeting defaults.
 */
export function clearTemplate(values: OneTimeFormValues): OneTimeFormValues {
  return {
    ...newFormValues({ date: values.date, timeZone: values.timeZone }),
    timeFrom: values.timeFrom,
    timeTo: values.timeTo,
    participantType: values.participantType,
    inviteParticipant: values.inviteParticipant,
    totalSeats: values.totalSeats,
    minSeats: values.minSeats,
    existContacts: values.existContacts,
    newContacts: values.newContacts,
    templateSelect: 'new',
    template: '',
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
const flag = (form: FormData, name: string) => form.get(name) === 'on' || form.get(name) === 'true'
const oneOf = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value) ? (value as T) : fallback

/** A typed field read with `read` (date `YYYY-MM-DD`, time `HH:mm`), else kept as typed for the rule to name. */
const typed = (read: (text: string) => string | null, value: string) => read(value) ?? value

/**
 * The page's form fields to values (browser form or the action's FormData). The date and time fields post what was
 * typed (`DD.MM.YYYY`, `HH:mm`, without script too; `YYYY-MM-DD` still reads): read with the fields' one reading.
 */
export function formValuesFromFormData(form: FormData): OneTimeFormValues {
  const newContacts: NewContactRow[] = []
  for (let index = 0; index < NEW_CONTACT_ROWS_MAX; index++) {
    if (!form.has(`newContacts.${index}.email`)) continue
    newContacts.push({
      firstName: text(form, `newContacts.${index}.firstName`),
      lastName: text(form, `newContacts.${index}.lastName`),
      email: text(form, `newContacts.${index}.email`),
    })
  }
  const amounts = form.getAll('customAmount').map(String)
  const units = form.getAll('customUnit').map(String)
  return {
    date: typed(readTypedDate, text(form, 'date')),
    timeZone: text(form, 'timeZone'),
    timeFrom: typed(readTypedTime, text(form, 'timeFrom')),
    timeTo: typed(readTypedTime, text(form, 'timeTo')),
    templateSelect: text(form, 'template') ? 'template' : 'new',
    template: text(form, 'template'),
    participantType: oneOf(text(form, 'participantType'), PARTICIPANT_TYPES, 'SimpleNotCollective'),
    totalSeats: text(form, 'totalSeats'),
    minSeats: text(form, 'minSeats'),
    inviteParticipant: oneOf(text(form, 'inviteParticipant'), INVITE_MODES, 'participants'),
    existContacts: [...new Set(form.getAll('existContacts').map(String))],
    newContacts,
    visitors: text(form, 'visitors'),
    adjutants: text(form, 'adjutants'),
    name: text(form, 'name'),
    description: text(form, 'description'),
    type: oneOf(text(form, 'type'), PLACE_TYPES, 'Meet'),
    meetingPoint: text(form, 'meetingPoint'),
    videoLinkService: text(form, 'videoLinkService') === 'telemost' ? 'telemost' : '',
    whoCallType: oneOf(text(form, 'whoCallType'), WHO_CALL_TYPES, 'OrganizerCallToMember'),
    color: text(form, 'color') || DEFAULT_TEMPLATE.color,
    reminders: form
      .getAll('reminders')
      .map(Number)
      .filter((minutes) => (DEFAULT_REMINDERS_MINUTES as readonly number[]).includes(minutes)),
    remindersCustom: flag(form, 'remindersCustom'),
    customReminders: amounts.map((amount, index) => ({
      amount,
      unit: oneOf(units[index] ?? '', TIME_UNITS, 'Minutes'),
    })),
    isLastNameRequired: flag(form, 'isLastNameRequired'),
    isPhoneRequired: flag(form, 'isPhoneRequired'),
    isMessengerRequired: flag(form, 'isMessengerRequired'),
    isOptionalInputsHidden: flag(form, 'isOptionalInputsHidden'),
    whenClosesValue: text(form, 'whenClosesValue') || '0',
    whenClosesType: oneOf(text(form, 'whenClosesType'), TIME_UNITS, 'Minutes'),
    getTimeBeforeValue: text(form, 'getTimeBeforeValue'),
    getTimeAfterValue: text(form, 'getTimeAfterValue'),
  }
}

/** Emails typed one per line or separated by commas or semicolons. */
export function emailList(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean)
}

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value))
const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim())

/** The zone's UTC offset in hours at a wall time, or null when the date, time or zone cannot be read. */
export function zoneOffsetHours(timeZone: string, date: string, time: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null
  try {
    return offsetAt(timeZone, zonedToInstant(timeZone, date, time)) / 3_600_000
  } catch {
    return null
  }
}

/**
 * The form as the `POST /companyEvent/organizer` body (SPEC §5 "One-time event"): totalSeats 1 for an individual
 * meeting or when visitors are invited; with visitors invited the type is sent as simple collective and their
 * emails as adjutant emails (with the adjutants typed), else only the adjutants typed, or null; empty new-contact
 * values null; gmtOffset from the chosen zone, else the browser's; custom reminders only when their flag is set.
 */
export function payloadFromValues(values: OneTimeFormValues, browserOffsetHours: number | null) {
  const withVisitors = values.inviteParticipant === 'visitors'
  const participantType = withVisitors ? 'SimpleCollective' : values.participantType
  const single = participantType === 'SimpleNotCollective' || withVisitors
  const adjutants = [...emailList(values.adjutants), ...(withVisitors ? emailList(values.visitors) : [])]
  const reminders = [
    ...values.reminders,
    ...(values.remindersCustom
      ? values.customReminders.map((r) => {
          const amount = Number(r.amount)
          return Number.isInteger(amount) && amount > 0 ? customReminderMinutes({ amount, unit: r.unit }) : Number.NaN
        })
      : []),
  ]
  const offset = (time: string) => zoneOffsetHours(values.timeZone, values.date, time) ?? browserOffsetHours
  return {
    contactIds: values.existContacts,
    contacts: values.newContacts
      .filter((row) => row.firstName.trim() || row.lastName.trim() || row.email.trim())
      .map((row) => ({ firstName: row.firstName, lastName: blankToNull(row.lastName), email: row.email })),
    adjutantEmails: adjutants.length > 0 ? adjutants : null,
    timeZone: values.timeZone || null,
    dates: [
      {
        from: `${values.date}T${values.timeFrom}`,
        to: `${values.date}T${values.timeTo}`,
        gmtOffset: offset(values.timeFrom),
      },
    ],
    form: {
      name: values.name,
      description: blankToNull(values.description),
      type: values.type,
      whoCallType: values.type === 'Phone' ? values.whoCallType : null,
      meetingPoint: blankToNull(values.meetingPoint),
      videoLinkService: values.type === 'Online' && values.videoLinkService ? values.videoLinkService : null,
      color: values.color,
      participantType,
      totalSeats: single ? 1 : numberOrNull(values.totalSeats),
      minSeats: single ? 1 : numberOrNull(values.minSeats),
      remindersInMinutes: reminders,
      getTimeBeforeValue: numberOrNull(values.getTimeBeforeValue),
      getTimeAfterValue: numberOrNull(values.getTimeAfterValue),
      isMessengerRequired: values.isMessengerRequired,
      isPhoneRequired: values.isPhoneRequired,
      isLastNameRequired: values.isLastNameRequired,
      isOptionalInputsHidden: values.isOptionalInputsHidden,
      whenClosesType: values.whenClosesType,
      whenClosesValue: numberOrNull(values.whenClosesValue) ?? 0,
    },
  }
}
