/**
 * The event-type page form: its field values (strings, as inputs hold them), the values of a new or saved
 * event type, and the submitted form turned into the API body the schema checks (SPEC §4 form behaviour).
 * Pure, so the page, its action and the tests share it.
 */
import { DEFAULT_EVENT_TYPE_COLOR } from '#app/domain/event-type-colors.ts'
import { DEFAULT_CUSTOM_REMINDER_MINUTES, DEFAULT_REMINDERS_MINUTES } from '#app/domain/constants.ts'
import { dmyToIso, isoToDmy, readTypedDate } from '#app/domain/time/index.ts'
import { customReminderOf, REMINDER_PRESETS } from './reminders.ts'
import { DURATION_PRESETS, STEP_PRESETS, defaultSeats, isGroup } from './schema.ts'

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
  durationPreset: string
  durationOther: string
  stepPreset: string
  stepOther: string
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

const presetOf = (value: number, presets: readonly number[]) =>
  presets.includes(value) ? { preset: String(value), other: '' } : { preset: 'other', other: String(value) }

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
    durationPreset: '30',
    durationOther: '',
    stepPreset: '30',
    stepOther: '',
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
export function savedEventTypeValues(saved: {
  name: string
  link: string
  description: string
  color: string
  eventTypePlaceType: EventTypeFormValues['eventTypePlaceType']
  meetingPoint: string | null
  videoLinkService?: 'telemost' | null
  whoCallType: EventTypeFormValues['whoCallType'] | null
  durationInMinutes: number
  stepValue: number
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
}): EventTypeFormValues {
  const duration = presetOf(saved.durationInMinutes, DURATION_PRESETS)
  const step = presetOf(saved.stepValue, STEP_PRESETS)
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
    durationPreset: duration.preset,
    durationOther: duration.other,
    stepPreset: step.preset,
    stepOther: step.other,
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
    durationInMinutes: numberOf(
      text('durationPreset') === 'other' ? form.get('durationOther') : form.get('durationPreset'),
    ),
    stepValue: numberOf(text('stepPreset') === 'other' ? form.get('stepOther') : form.get('stepPreset')),
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
