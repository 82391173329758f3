/**
 * The event-type page form: its field values (strings, as inputs hold them), the values of a new or saved
 * event type, and the submitted form turned into the API body the schema checks (SPEC §4 form behaviour).
 * Pure, so the page, its action and the tests share it.
 */
import { DEFAULT_EVENT_TYPE_COLOR } from '#app/domain/event-type-colors.ts'
import { DEFAULT_CUSTOM_REMINDER_MINUTES, DEFAULT_REMINDERS_MINUTES } from '#app/domain/constants.ts'
import { dmyToIso, isoToDmy, readTypedDate } from '#app/domain/time/index.ts'
import { customReminderOf, REMINDER_PRESETS } from './reminders.ts'
import { z } from 'zod'
import { type EventTypeRulesContext, defaultSeats, eventTypeSchema, isGroup } from './schema.ts'
import type { DurationStepFields, DurationType, DurationUnit, StepType } from './duration-step.ts'
import { linkFromName } from './link.ts'

export type TimeUnit = 'Minutes' | 'Hours' | 'Days'
export type ParticipantType = 'SimpleNotCollective' | 'SimpleCollective' | 'GroupNotCollective' | 'GroupCollective'

export type EventTypeFormValues = {
  name: string
  link: string
  description: string
  color: string
  eventTypePlaceType: 'Meet' | 'Online' | 'Phone'
  meetingPoint: string
  /** Online: a Telemost link for each meeting instead of one fixed link (issue 15). */
  videoLinkService: '' | 'telemost'
  whoCallType: 'MemberCallToOrganizer' | 'OrganizerCallToMember'
  /** SPEC §3 duration and slot step; the value and unit are read only with `Another` (duration-step.ts). */
  durationType: DurationType
  durationValue: string
  durationValueType: DurationUnit
  stepType: StepType
  stepValue: string
  stepValueType: DurationUnit
  beforeOn: boolean
  getTimeBeforeValue: string
  afterOn: boolean
  getTimeAfterValue: string
  remindersInMinutes: number[]
  remindersInMinutesCustom: boolean
  custom: { amount: string; unit: TimeUnit }[]
  whenClosesValue: string
  whenClosesType: TimeUnit
  recordIsOpenType: 'Period' | 'NoRestrictions'
  /** `YYYY-MM-DD` (the date input's value). */
  recordIsOpenPeriodStart: string
  recordIsOpenPeriodEnd: string
  noDailyLimit: boolean
  maximumRecordsPerDayValue: string
  participantType: ParticipantType
  minSeats: string
  totalSeats: string
  isLastNameRequired: boolean
  isMessengerRequired: boolean
  isPhoneRequired: boolean
  isOptionalInputsHidden: boolean
  isShowCost: boolean
  cost: string
  currency: 'RUB' | 'USD' | 'EUR'
  isShowRedirection: boolean
  redirectUrl: string
  redirectComment: string
  scheduleId: string
  isActive: boolean
  isShowOnSpecialistPage: boolean
}

/** An "Another" value as the inputs hold it; a preset leaves them empty, in minutes. */
const otherValue = (type: string, value: number, unit: DurationUnit) =>
  type === 'Another' ? { value: String(value), unit } : { value: '', unit: 'Minutes' as const }

/** SPEC §9 defaults of a new event type. */
export function newEventTypeValues(
  scheduleId: string,
  participantType: ParticipantType = 'SimpleNotCollective',
): EventTypeFormValues {
  const seats = defaultSeats(participantType)
  return {
    name: '',
    link: '',
    description: '',
    color: DEFAULT_EVENT_TYPE_COLOR,
    eventTypePlaceType: 'Meet',
    meetingPoint: '',
    videoLinkService: '',
    whoCallType: 'MemberCallToOrganizer',
    durationType: 'Minutes30',
    durationValue: '',
    durationValueType: 'Minutes',
    stepType: 'Duration',
    stepValue: '',
    stepValueType: 'Minutes',
    beforeOn: false,
    getTimeBeforeValue: '15',
    afterOn: false,
    getTimeAfterValue: '15',
    remindersInMinutes: [...DEFAULT_REMINDERS_MINUTES],
    remindersInMinutesCustom: false,
    custom: [{ amount: String(DEFAULT_CUSTOM_REMINDER_MINUTES), unit: 'Minutes' }],
    whenClosesValue: '0',
    whenClosesType: 'Minutes',
    recordIsOpenType: 'NoRestrictions',
    recordIsOpenPeriodStart: '',
    recordIsOpenPeriodEnd: '',
    noDailyLimit: true,
    maximumRecordsPerDayValue: '0',
    participantType,
    minSeats: String(seats.minSeats),
    totalSeats: String(seats.totalSeats),
    isLastNameRequired: false,
    isMessengerRequired: false,
    isPhoneRequired: false,
    isOptionalInputsHidden: false,
    isShowCost: false,
    cost: '',
    currency: 'RUB',
    isShowRedirection: false,
    redirectUrl: '',
    redirectComment: '',
    scheduleId,
    isActive: true,
    isShowOnSpecialistPage: true,
  }
}

/** The form values of a saved event type (API names, `DD.MM.YYYY` dates). */
export function savedEventTypeValues(
  saved: DurationStepFields & {
    name: string
    link: string
    description: string
    color: string
    eventTypePlaceType: EventTypeFormValues['eventTypePlaceType']
    meetingPoint: string | null
    videoLinkService?: 'telemost' | null
    whoCallType: EventTypeFormValues['whoCallType'] | null
    getTimeBeforeValue: number | null
    getTimeAfterValue: number | null
    remindersInMinutes: number[]
    whenClosesValue: number
    whenClosesType: TimeUnit
    recordIsOpenType: EventTypeFormValues['recordIsOpenType']
    recordIsOpenPeriodStart: string | null
    recordIsOpenPeriodEnd: string | null
    maximumRecordsPerDayValue: number
    participantType: ParticipantType
    minSeats: number
    totalSeats: number
    isLastNameRequired: boolean
    isMessengerRequired: boolean
    isPhoneRequired: boolean
    isOptionalInputsHidden: boolean
    isShowCost: boolean
    cost: number | null
    currency: EventTypeFormValues['currency'] | null
    isShowRedirection: boolean
    redirectUrl: string | null
    redirectComment: string | null
    scheduleId: string
    isActive: boolean
    isShowOnSpecialistPage: boolean
  },
): EventTypeFormValues {
  const duration = otherValue(saved.durationType, saved.durationValue, saved.durationValueType)
  const step = otherValue(saved.stepType, saved.stepValue, saved.stepValueType)
  const custom = saved.remindersInMinutes.filter((minutes) => !REMINDER_PRESETS.includes(minutes))
  return {
    name: saved.name,
    link: saved.link,
    description: saved.description,
    color: saved.color,
    eventTypePlaceType: saved.eventTypePlaceType,
    meetingPoint: saved.meetingPoint ?? '',
    videoLinkService: saved.videoLinkService ?? '',
    whoCallType: saved.whoCallType ?? 'MemberCallToOrganizer',
    durationType: saved.durationType,
    durationValue: duration.value,
    durationValueType: duration.unit,
    stepType: saved.stepType,
    stepValue: step.value,
    stepValueType: step.unit,
    beforeOn: saved.getTimeBeforeValue !== null,
    getTimeBeforeValue: String(saved.getTimeBeforeValue ?? 15),
    afterOn: saved.getTimeAfterValue !== null,
    getTimeAfterValue: String(saved.getTimeAfterValue ?? 15),
    remindersInMinutes: saved.remindersInMinutes.filter((minutes) => REMINDER_PRESETS.includes(minutes)),
    remindersInMinutesCustom: custom.length > 0,
    custom: (custom.length > 0 ? custom : [DEFAULT_CUSTOM_REMINDER_MINUTES]).map((minutes) => {
      const reminder = customReminderOf(minutes)
      return { amount: String(reminder.amount), unit: reminder.unit }
    }),
    whenClosesValue: String(saved.whenClosesValue),
    whenClosesType: saved.whenClosesType,
    recordIsOpenType: saved.recordIsOpenType,
    recordIsOpenPeriodStart: saved.recordIsOpenPeriodStart ? dmyToIso(saved.recordIsOpenPeriodStart) : '',
    recordIsOpenPeriodEnd: saved.recordIsOpenPeriodEnd ? dmyToIso(saved.recordIsOpenPeriodEnd) : '',
    noDailyLimit: saved.maximumRecordsPerDayValue === 0,
    maximumRecordsPerDayValue: String(saved.maximumRecordsPerDayValue),
    participantType: saved.participantType,
    minSeats: String(saved.minSeats),
    totalSeats: String(saved.totalSeats),
    isLastNameRequired: saved.isLastNameRequired,
    isMessengerRequired: saved.isMessengerRequired,
    isPhoneRequired: saved.isPhoneRequired,
    isOptionalInputsHidden: saved.isOptionalInputsHidden,
    isShowCost: saved.isShowCost,
    cost: saved.cost === null ? '' : String(saved.cost),
    currency: saved.currency ?? 'RUB',
    isShowRedirection: saved.isShowRedirection,
    redirectUrl: saved.redirectUrl ?? '',
    redirectComment: saved.redirectComment ?? '',
    scheduleId: saved.scheduleId,
    isActive: saved.isActive,
    isShowOnSpecialistPage: saved.isShowOnSpecialistPage,
  }
}

/** A number typed into an input: empty is "missing", anything unreadable stays NaN for the schema to refuse. */
function numberOf(value: FormDataEntryValue | null): number | undefined {
  const text = typeof value === 'string' ? value.trim().replace(',', '.') : ''
  return text === '' ? undefined : Number(text)
}

/** A posted date field (`DD.MM.YYYY` as typed, or the old `YYYY-MM-DD`) as the API's `DD.MM.YYYY`, else as typed. */
const typedDmyOrRaw = (value: string) => {
  const date = readTypedDate(value)
  return date ? isoToDmy(date) : value
}

/** The submitted page form as the API body (SPEC §3 names), ready for `eventTypeSchema`. */
export function eventTypeBodyFromForm(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const flag = (name: string) => form.get(name) === 'on' || form.get(name) === 'true'
  const otherOf = (field: 'duration' | 'step') => {
    const type = text(`${field}Type`)
    const another = type === 'Another'
    return {
      [`${field}Type`]: type ?? null,
      [`${field}Value`]: another ? (numberOf(form.get(`${field}Value`)) ?? null) : null,
      [`${field}ValueType`]: another ? (text(`${field}ValueType`) ?? null) : null,
    }
  }
  const participantType = (text('participantType') ?? 'SimpleNotCollective') as ParticipantType
  const amounts = form.getAll('customAmount')
  const units = form.getAll('customUnit')
  const periodStart = text('recordIsOpenPeriodStart')
  const periodEnd = text('recordIsOpenPeriodEnd')
  return {
    name: text('name') ?? '',
    link: text('link') ?? '',
    description: text('description') ?? '',
    color: text('color') ?? '',
    eventTypePlaceType: text('eventTypePlaceType'),
    meetingPoint: text('meetingPoint') ?? null,
    videoLinkService: text('videoLinkService') ?? null,
    whoCallType: text('whoCallType') ?? null,
    // The value and unit inputs stay in the form (without script they always show); only `Another` reads them.
    ...otherOf('duration'),
    ...otherOf('step'),
    getTimeBeforeValue: flag('beforeOn') ? numberOf(form.get('getTimeBeforeValue')) : null,
    getTimeAfterValue: flag('afterOn') ? numberOf(form.get('getTimeAfterValue')) : null,
    remindersInMinutes: form.getAll('remindersInMinutes').map((value) => Number(value)),
    remindersInMinutesCustom: flag('remindersInMinutesCustom'),
    remindersInMinutesCustomValues: amounts.map((amount, index) => ({
      amount: numberOf(amount),
      unit: units[index],
    })),
    whenClosesValue: numberOf(form.get('whenClosesValue')) ?? 0,
    whenClosesType: text('whenClosesType'),
    recordIsOpenType: text('recordIsOpenType'),
    recordIsOpenPeriodStart: periodStart ? typedDmyOrRaw(periodStart) : null,
    recordIsOpenPeriodEnd: periodEnd ? typedDmyOrRaw(periodEnd) : null,
    // SPEC §4: "no limit" sets 0.
    maximumRecordsPerDayValue: flag('noDailyLimit') ? 0 : numberOf(form.get('maximumRecordsPerDayValue')),
    participantType,
    minSeats: isGroup(participantType) ? numberOf(form.get('minSeats')) : null,
    totalSeats: isGroup(participantType) ? numberOf(form.get('totalSeats')) : null,
    isLastNameRequired: flag('isLastNameRequired'),
    isMessengerRequired: flag('isMessengerRequired'),
    isPhoneRequired: flag('isPhoneRequired'),
    isOptionalInputsHidden: flag('isOptionalInputsHidden'),
    isShowCost: flag('isShowCost'),
    cost: flag('isShowCost') ? numberOf(form.get('cost')) : null,
    currency: flag('isShowCost') ? text('currency') : null,
    isShowRedirection: flag('isShowRedirection'),
    redirectUrl: text('redirectUrl') ?? null,
    redirectComment: text('redirectComment') ?? null,
    scheduleId: text('scheduleId') ?? '',
    isActive: form.has('isActive') ? flag('isActive') : true,
    isShowOnSpecialistPage: form.has('isShowOnSpecialistPage') ? flag('isShowOnSpecialistPage') : true,
  }
}

/**
 * The event type page's form as one schema (issue 13, ADR 0130): the posted form read as the API body
 * (`eventTypeBodyFromForm`), parsed by the API's own `eventTypeSchema`. The wizard checks each step with it as the
 * person goes, and the page actions parse the post with it.
 */
export const eventTypeFormSchema = (context: EventTypeRulesContext) =>
  z.preprocess((form) => eventTypeBodyFromForm(form as FormData), eventTypeSchema(context))

/**
 * The first event type in one step from the home guide (issue 18): a name and a duration, the rest the new form's
 * defaults on the given schedule, as the form the wizard would post. The place is a phone call (the client calls):
 * the default place, a meeting point, has no address to default to; the specialist changes it on the type's page.
 * The link is suggested from the name, as the wizard does.
 */
export function quickEventTypeForm(name: string, durationType: string, scheduleId: string): FormData {
  const values = newEventTypeValues(scheduleId)
  const form = new FormData()
  const fields: Record<string, string> = {
    name,
    link: linkFromName(name),
    description: values.description,
    color: values.color,
    eventTypePlaceType: 'Phone',
    whoCallType: values.whoCallType,
    durationType,
    stepType: values.stepType,
    whenClosesValue: values.whenClosesValue,
    whenClosesType: values.whenClosesType,
    recordIsOpenType: values.recordIsOpenType,
    noDailyLimit: 'on',
    participantType: values.participantType,
    scheduleId,
  }
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  for (const minutes of values.remindersInMinutes) form.append('remindersInMinutes', String(minutes))
  return form
}
