import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CheckboxField, Field, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import { EVENT_TYPE_COLORS } from '#app/domain/event-type-colors.ts'
import type { EventTypeFormValues, ParticipantType } from '#app/domain/event-types/form-values.ts'
import { linkFromName, normalizeLink } from '#app/domain/event-types/link.ts'
import { REMINDER_PRESETS } from '#app/domain/event-types/reminders.ts'
import { BUFFER_PRESETS, CURRENCY_SYMBOLS, defaultSeats, isGroup } from '#app/domain/event-types/schema.ts'
import {
  DURATION_TYPES,
  DURATION_UNITS,
  type DurationUnit,
  STEP_TYPES,
  presetMinutes,
} from '#app/domain/event-types/duration-step.ts'
import { type Capability, can, capabilityForParticipantType, cheapestPlanWith } from '#app/domain/plans.ts'
import type { Tariff } from '#app/domain/enums.ts'
import { CONTROL, ErrorText, PlanBadge, Section, UniqueMark } from './form-parts.tsx'
import { type TelemostInfo, TelemostOption } from './telemost-option.tsx'
import { useUniqueCheck } from './use-unique-check.ts'
import { DateField } from '#app/components/ui/date-time-inputs.tsx'
import { isIsoDate } from '#app/domain/time/index.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

export type FormSection = 'type' | 'base' | 'availability' | 'schedule' | 'more'

type Props = {
  values: EventTypeFormValues
  onChange: (values: EventTypeFormValues) => void
  /** The saved values: toggling cost or redirect on fills from them (SPEC §4). */
  saved: EventTypeFormValues
  /** The server's texts per field (the first is shown). */
  errors: Record<string, string[]>
  schedules: { id: string; name: string }[]
  tariff: Tariff
  eventTypeId?: string
  /** Whether the link still follows the name (a new event type whose link was not touched). */
  linkFollowsName: boolean
  onLinkTouched: () => void
  onLocked: (capability: Capability) => void
  /** Sections shown; the others stay in the form, hidden (the wizard's steps). */
  visible: readonly FormSection[]
  /** The specialist's Telemost, for "a Telemost link for each meeting" (issue 15). */
  telemost: TelemostInfo
  /** Where connecting Telemost without script comes back to. */
  returnTo: string
}

export const PARTICIPANT_TYPES: ParticipantType[] = [
  'SimpleNotCollective',
  'GroupNotCollective',
  'SimpleCollective',
  'GroupCollective',
]
const UNITS = ['Minutes', 'Hours', 'Days'] as const

export function EventTypeForm(props: Props) {
  const { values, onChange, saved, schedules, tariff, eventTypeId, visible, onLocked } = props
  const { t } = useTranslation()
  // Errors of the last submit that a later change made stale (SPEC §4: another location clears its errors).
  const [stale, setStale] = useState({ errors: props.errors, paths: [] as string[] })
  const staleErrors = stale.errors === props.errors ? stale.paths : []
  const [typedPoints, setTypedPoints] = useState<Partial<Record<EventTypeFormValues['eventTypePlaceType'], string>>>({})
  const hydrated = useHydrated()
  const error = (path: string) => (staleErrors.includes(path) ? undefined : props.errors[path]?.[0])
  const set = (patch: Partial<EventTypeFormValues>) => onChange({ ...values, ...patch })
  const nameCheck = useUniqueCheck('name', values.name, eventTypeId)
  const linkCheck = useUniqueCheck('link', values.link, eventTypeId)
  // Before hydration every section shows, so the form also works without JavaScript.
  const hidden = (section: FormSection) => (hydrated && !visible.includes(section) ? 'hidden' : '')
  const locked = (capability: Capability) => !can(tariff, capability)

  const unitOptions = UNITS.map((unit) => ({ value: unit, label: t(`eventTypes:units.${unit}`) }))

  return (
    <div className="flex flex-col gap-6">
      <div className={hidden('type')}>
        <Section title={t('eventTypes:form.type')} testId="section-type">
          <div className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-label={t('eventTypes:form.type')}>
            {PARTICIPANT_TYPES.map((type) => {
              const capability = capabilityForParticipantType(type)
              const isLocked = capability !== null && locked(capability)
              return (
                <label
                  key={type}
                  className={`flex cursor-pointer flex-col gap-1 rounded-xl border p-4 ${values.participantType === type ? 'border-primary bg-primary-soft' : 'border-line'}`}
                >
                  <span className="flex items-center gap-2 font-medium">
                    <input
                      type="radio"
                      name="participantType"
                      value={type}
                      aria-label={t(`eventTypes:participantTypes.${type}`)}
                      checked={values.participantType === type}
                      onChange={() => {
                        if (isLocked && capability) return onLocked(capability)
                        const seats = defaultSeats(type)
                        set({
                          participantType: type,
                          minSeats: String(seats.minSeats),
                          totalSeats: String(seats.totalSeats),
                        })
                      }}
                    />
                    <ParticipantIcon type={type} />
                    {t(`eventTypes:participantTypes.${type}`)}
                    {isLocked && capability ? (
                      <PlanBadge plan={cheapestPlanWith(capability)} onClick={() => onLocked(capability)} />
                    ) : null}
                  </span>
                  <span className="text-sm text-muted">{t(`eventTypes:participantHints.${type}`)}</span>
                </label>
              )
            })}
          </div>
        </Section>
      </div>

      <div className={`flex flex-col gap-6 ${hidden('base')}`}>
        <Section title={t('eventTypes:form.base')} testId="section-base">
          <div className="flex flex-col gap-1">
            <div className="flex items-end gap-2">
              <Field
                className="flex-1"
                label={t('eventTypes:form.name')}
                name="name"
                value={values.name}
                maxLength={200}
                errors={[
                  error('name') ?? (nameCheck.status === 'taken' ? (nameCheck.message ?? undefined) : undefined),
                ]}
                onChange={(event) => {
                  const name = event.target.value
                  set(props.linkFollowsName ? { name, link: linkFromName(name) } : { name })
                }}
              />
              <span className="pb-3">
                <UniqueMark state={nameCheck} testId="name-check" />
              </span>
            </div>
          </div>
          <div className="flex items-end gap-2">
            <Field
              className="flex-1"
              label={t('eventTypes:form.link')}
              name="link"
              value={values.link}
              maxLength={200}
              hint={t('eventTypes:form.linkHint')}
              errors={[error('link') ?? (linkCheck.status === 'taken' ? (linkCheck.message ?? undefined) : undefined)]}
              onChange={(event) => {
                const normalized = normalizeLink(event.target.value)
                if (normalized.removedNonLatin)
                  showToast(t('eventTypes:errors.latinOnly'), { kind: 'error', key: 'eventTypes:latinOnly' })
                props.onLinkTouched()
                set({ link: normalized.link })
              }}
            />
            <span className="pb-9">
              <UniqueMark state={linkCheck} testId="link-check" />
            </span>
          </div>
          <TextareaField
            label={t('eventTypes:form.description')}
            name="description"
            value={values.description}
            maxLength={1500}
            errors={[error('description')]}
            onChange={(event) => set({ description: event.target.value })}
          />
          <div role="radiogroup" aria-label={t('eventTypes:form.color')} className="flex flex-col gap-2">
            <span className="text-sm font-medium">{t('eventTypes:form.color')}</span>
            <div className="flex flex-wrap gap-2">
              {EVENT_TYPE_COLORS.map((color) => (
                <label key={color} className="cursor-pointer">
                  <input
                    type="radio"
                    name="color"
                    value={color}
                    checked={values.color === color}
                    onChange={() => set({ color })}
                    className="peer sr-only"
                    aria-label={color}
                  />
                  <span
                    className="block size-8 rounded-full ring-offset-2 peer-checked:ring-2 peer-checked:ring-ink peer-focus-visible:ring-2 peer-focus-visible:ring-primary"
                    style={{ backgroundColor: color }}
                  />
                </label>
              ))}
            </div>
            <ErrorText text={error('color')} />
          </div>
        </Section>

        <Section title={t('eventTypes:form.location')} testId="section-location">
          <div className="flex flex-wrap gap-4" role="radiogroup" aria-label={t('eventTypes:form.location')}>
            {(['Meet', 'Online', 'Phone'] as const).map((place) => (
              <label key={place} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="eventTypePlaceType"
                  value={place}
                  checked={values.eventTypePlaceType === place}
                  onChange={() => {
                    // SPEC §4: phone clears the meeting point; another location clears its errors. Each location
                    // keeps what was typed for it (issue 18): back to Online after a look at Meet shows the link.
                    setStale({ errors: props.errors, paths: [...staleErrors, 'meetingPoint'] })
                    const typed = { ...typedPoints, [values.eventTypePlaceType]: values.meetingPoint }
                    setTypedPoints(typed)
                    set({ eventTypePlaceType: place, meetingPoint: place === 'Phone' ? '' : (typed[place] ?? '') })
                  }}
                />
                {t(`eventTypes:places.${place}`)}
              </label>
            ))}
          </div>
          {values.eventTypePlaceType === 'Phone' ? (
            <SelectField
              label={t('eventTypes:form.whoCalls')}
              name="whoCallType"
              value={values.whoCallType}
              onChange={(event) => set({ whoCallType: event.target.value as EventTypeFormValues['whoCallType'] })}
              options={(['MemberCallToOrganizer', 'OrganizerCallToMember'] as const).map((value) => ({
                value,
                label: t(`eventTypes:whoCalls.${value}`),
              }))}
            />
          ) : (
            <>
              {values.eventTypePlaceType === 'Online' ? (
                <TelemostOption
                  checked={values.videoLinkService === 'telemost'}
                  onChange={(checked) => set({ videoLinkService: checked ? 'telemost' : '' })}
                  locked={locked('videoMeetingLinks')}
                  onLocked={() => onLocked('videoMeetingLinks')}
                  telemost={props.telemost}
                  returnTo={props.returnTo}
                  error={error('videoLinkService')}
                />
              ) : null}
              {/* A link for each meeting needs no fixed one; without script both stay and the server ignores it. */}
              <div
                className={
                  hydrated && values.eventTypePlaceType === 'Online' && values.videoLinkService ? 'hidden' : ''
                }
              >
                <Field
                  label={t(
                    values.eventTypePlaceType === 'Online' ? 'eventTypes:form.onlineUrl' : 'eventTypes:form.address',
                  )}
                  name="meetingPoint"
                  value={values.meetingPoint}
                  inputMode={values.eventTypePlaceType === 'Online' ? 'url' : undefined}
                  errors={[error('meetingPoint')]}
                  onChange={(event) => set({ meetingPoint: event.target.value })}
                />
              </div>
            </>
          )}
        </Section>

        <Section title={t('eventTypes:form.duration')} testId="section-duration">
          <TypeOrOther
            label={t('eventTypes:form.duration')}
            field="duration"
            types={DURATION_TYPES}
            type={values.durationType}
            value={values.durationValue}
            unit={values.durationValueType}
            error={error('durationValue') ?? error('durationInMinutes') ?? error('durationType')}
            onChange={(type, value, unit) =>
              set({ durationType: type as typeof values.durationType, durationValue: value, durationValueType: unit })
            }
          />
        </Section>
      </div>

      <div className={`flex flex-col gap-6 ${hidden('availability')}`}>
        <Section title={t('eventTypes:form.availability')} testId="section-availability">
          <TypeOrOther
            label={t('eventTypes:form.step')}
            field="step"
            types={STEP_TYPES}
            type={values.stepType}
            value={values.stepValue}
            unit={values.stepValueType}
            error={error('stepValue') ?? error('stepType')}
            onChange={(type, value, unit) =>
              set({ stepType: type as typeof values.stepType, stepValue: value, stepValueType: unit })
            }
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {(['before', 'after'] as const).map((side) => {
              const on = side === 'before' ? values.beforeOn : values.afterOn
              const value = side === 'before' ? values.getTimeBeforeValue : values.getTimeAfterValue
              const path = side === 'before' ? 'getTimeBeforeValue' : 'getTimeAfterValue'
              return (
                <div key={side} className="flex flex-col gap-2">
                  <CheckboxField
                    label={t(`eventTypes:form.${side}`)}
                    name={`${side}On`}
                    checked={on}
                    onChange={(event) =>
                      set(side === 'before' ? { beforeOn: event.target.checked } : { afterOn: event.target.checked })
                    }
                  />
                  {on ? (
                    <SelectField
                      label={t(`eventTypes:form.${side}Value`)}
                      name={path}
                      value={value}
                      errors={[error(path)]}
                      onChange={(event) => set({ [path]: event.target.value })}
                      options={BUFFER_PRESETS.map((minutes) => ({
                        value: String(minutes),
                        label: t('eventTypes:minutes', { count: minutes }),
                      }))}
                    />
                  ) : null}
                </div>
              )
            })}
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">{t('eventTypes:form.window')}</legend>
            <div className="flex flex-wrap gap-4">
              {(['NoRestrictions', 'Period'] as const).map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="recordIsOpenType"
                    value={type}
                    checked={values.recordIsOpenType === type}
                    onChange={() =>
                      set(
                        type === 'NoRestrictions'
                          ? { recordIsOpenType: type, recordIsOpenPeriodStart: '', recordIsOpenPeriodEnd: '' }
                          : { recordIsOpenType: type },
                      )
                    }
                  />
                  {t(`eventTypes:window.${type}`)}
                </label>
              ))}
            </div>
            {values.recordIsOpenType === 'Period' ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <DateField
                  label={t('eventTypes:form.periodStart')}
                  name="recordIsOpenPeriodStart"
                  value={values.recordIsOpenPeriodStart}
                  min="1900-01-01"
                  max="2099-12-31"
                  errors={[error('recordIsOpenPeriodStart')]}
                  onChange={(start) => {
                    const end = values.recordIsOpenPeriodEnd
                    // SPEC §4: a start after the end resets the end.
                    const resetEnd = isIsoDate(start) && isIsoDate(end) && start > end
                    set({ recordIsOpenPeriodStart: start, ...(resetEnd ? { recordIsOpenPeriodEnd: '' } : {}) })
                  }}
                />
                <DateField
                  label={t('eventTypes:form.periodEnd')}
                  name="recordIsOpenPeriodEnd"
                  value={values.recordIsOpenPeriodEnd}
                  min={isIsoDate(values.recordIsOpenPeriodStart) ? values.recordIsOpenPeriodStart : '1900-01-01'}
                  max="2099-12-31"
                  errors={[error('recordIsOpenPeriodEnd')]}
                  onChange={(end) => set({ recordIsOpenPeriodEnd: end })}
                />
              </div>
            ) : null}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              type="number"
              min={0}
              step={1}
              label={t('eventTypes:form.whenCloses')}
              name="whenClosesValue"
              value={values.whenClosesValue}
              errors={[error('whenClosesValue')]}
              onChange={(event) => set({ whenClosesValue: event.target.value })}
            />
            <SelectField
              label={t('eventTypes:form.whenClosesUnit')}
              name="whenClosesType"
              value={values.whenClosesType}
              options={unitOptions}
              onChange={(event) => set({ whenClosesType: event.target.value as EventTypeFormValues['whenClosesType'] })}
            />
          </div>
          <div className="flex flex-col gap-2">
            <CheckboxField
              label={t('eventTypes:form.noDailyLimit')}
              name="noDailyLimit"
              checked={values.noDailyLimit}
              onChange={(event) =>
                set({
                  noDailyLimit: event.target.checked,
                  ...(event.target.checked ? { maximumRecordsPerDayValue: '0' } : {}),
                })
              }
            />
            {values.noDailyLimit ? null : (
              <Field
                type="number"
                min={0}
                step={1}
                label={t('eventTypes:form.dailyLimit')}
                name="maximumRecordsPerDayValue"
                value={values.maximumRecordsPerDayValue}
                errors={[error('maximumRecordsPerDayValue')]}
                onChange={(event) => set({ maximumRecordsPerDayValue: event.target.value })}
              />
            )}
          </div>
          {isGroup(values.participantType) ? (
            <div className="grid gap-3 sm:grid-cols-2" data-testid="seats">
              <Field
                type="number"
                min={1}
                step={1}
                label={t('eventTypes:form.minSeats')}
                name="minSeats"
                value={values.minSeats}
                errors={[error('minSeats')]}
                onChange={(event) => set({ minSeats: event.target.value })}
              />
              <Field
                type="number"
                min={2}
                step={1}
                label={t('eventTypes:form.totalSeats')}
                name="totalSeats"
                value={values.totalSeats}
                errors={[error('totalSeats')]}
                onChange={(event) => set({ totalSeats: event.target.value })}
              />
            </div>
          ) : null}
        </Section>

        <Section title={t('eventTypes:form.reminders')} testId="section-reminders">
          <div className="flex flex-wrap gap-4">
            {REMINDER_PRESETS.map((minutes) => (
              <CheckboxField
                key={minutes}
                label={t(`eventTypes:reminderPresets.${minutes}`)}
                name="remindersInMinutes"
                value={String(minutes)}
                checked={values.remindersInMinutes.includes(minutes)}
                onChange={(event) =>
                  set({
                    remindersInMinutes: event.target.checked
                      ? [...values.remindersInMinutes, minutes]
                      : values.remindersInMinutes.filter((item) => item !== minutes),
                  })
                }
              />
            ))}
          </div>
          <ErrorText text={error('remindersInMinutes')} />
          <div className="flex items-center gap-2">
            <CheckboxField
              label={t('eventTypes:form.customReminders')}
              name="remindersInMinutesCustom"
              checked={values.remindersInMinutesCustom}
              onChange={(event) => {
                if (event.target.checked && locked('customReminders')) return onLocked('customReminders')
                set({ remindersInMinutesCustom: event.target.checked })
              }}
            />
            {locked('customReminders') ? (
              <PlanBadge plan={cheapestPlanWith('customReminders')} onClick={() => onLocked('customReminders')} />
            ) : null}
          </div>
          {values.remindersInMinutesCustom ? (
            <div className="flex flex-col gap-2" data-testid="custom-reminders">
              {values.custom.map((reminder, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their position
                <div key={index} className="flex flex-col gap-1">
                  <div className="flex items-center gap-2">
                    <input
                      type="number"
                      min={1}
                      name="customAmount"
                      aria-label={t('eventTypes:form.customAmount', { index: index + 1 })}
                      value={reminder.amount}
                      className={`${CONTROL} max-w-28`}
                      onChange={(event) =>
                        set({
                          custom: values.custom.map((item, i) =>
                            i === index ? { ...item, amount: event.target.value } : item,
                          ),
                        })
                      }
                    />
                    <select
                      name="customUnit"
                      aria-label={t('eventTypes:form.customUnit', { index: index + 1 })}
                      value={reminder.unit}
                      className={`${CONTROL} max-w-40`}
                      onChange={(event) =>
                        set({
                          custom: values.custom.map((item, i) =>
                            i === index ? { ...item, unit: event.target.value as (typeof UNITS)[number] } : item,
                          ),
                        })
                      }
                    >
                      {unitOptions.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1"
                      aria-label={t('eventTypes:form.removeReminder', { index: index + 1 })}
                      onClick={() => set({ custom: values.custom.filter((_, i) => i !== index) })}
                    >
                      ×
                    </button>
                  </div>
                  <ErrorText text={error(`remindersInMinutesCustomValues.${index}.amount`)} />
                </div>
              ))}
              <button
                type="button"
                className="btn-ghost self-start px-2 py-1"
                onClick={() => set({ custom: [...values.custom, { amount: '30', unit: 'Minutes' }] })}
              >
                + {t('eventTypes:form.addReminder')}
              </button>
              <ErrorText text={error('remindersInMinutesCustomValues')} />
            </div>
          ) : null}
        </Section>
      </div>

      <div className={hidden('schedule')}>
        <Section title={t('eventTypes:form.schedule')} testId="section-schedule">
          <SelectField
            label={t('eventTypes:form.schedule')}
            name="scheduleId"
            value={values.scheduleId}
            errors={[error('scheduleId')]}
            onChange={(event) => set({ scheduleId: event.target.value })}
            options={schedules.map((schedule) => ({ value: schedule.id, label: schedule.name }))}
          />
        </Section>
      </div>

      <div className={`flex flex-col gap-6 ${hidden('more')}`}>
        <Section title={t('eventTypes:form.fields')} testId="section-fields">
          <p className="text-sm text-muted">{t('eventTypes:form.fieldsHint')}</p>
          {(['isLastNameRequired', 'isMessengerRequired', 'isPhoneRequired', 'isOptionalInputsHidden'] as const).map(
            (flag) => (
              <CheckboxField
                key={flag}
                label={t(`eventTypes:form.${flag}`)}
                name={flag}
                checked={values[flag]}
                onChange={(event) => set({ [flag]: event.target.checked })}
              />
            ),
          )}
        </Section>
        <Section title={t('eventTypes:form.payment')} testId="section-cost">
          <div className="flex items-center gap-2">
            <CheckboxField
              label={t('eventTypes:form.isShowCost')}
              name="isShowCost"
              checked={values.isShowCost}
              onChange={(event) => {
                if (event.target.checked && locked('costAndRedirect')) return onLocked('costAndRedirect')
                // SPEC §4: on fills from the saved values (RUB by default), off clears.
                set(
                  event.target.checked
                    ? { isShowCost: true, cost: saved.isShowCost ? saved.cost : '', currency: saved.currency }
                    : { isShowCost: false, cost: '', currency: 'RUB' },
                )
              }}
            />
            {locked('costAndRedirect') ? (
              <PlanBadge
                plan={cheapestPlanWith('costAndRedirect')}
                onClick={() => onLocked('costAndRedirect')}
                testId="plan-badge-cost"
              />
            ) : null}
          </div>
          {values.isShowCost ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                type="number"
                min={0}
                step="0.01"
                label={t('eventTypes:form.cost')}
                name="cost"
                value={values.cost}
                errors={[error('cost')]}
                onChange={(event) => set({ cost: event.target.value })}
              />
              <SelectField
                label={t('eventTypes:form.currency')}
                name="currency"
                value={values.currency}
                onChange={(event) => set({ currency: event.target.value as EventTypeFormValues['currency'] })}
                options={(['RUB', 'USD', 'EUR'] as const).map((currency) => ({
                  value: currency,
                  label: `${currency} ${CURRENCY_SYMBOLS[currency]}`,
                }))}
              />
            </div>
          ) : null}
          <div className="flex items-center gap-2">
            <CheckboxField
              label={t('eventTypes:form.isShowRedirection')}
              name="isShowRedirection"
              checked={values.isShowRedirection}
              onChange={(event) => {
                if (event.target.checked && locked('costAndRedirect')) return onLocked('costAndRedirect')
                set(
                  event.target.checked
                    ? {
                        isShowRedirection: true,
                        redirectUrl: saved.redirectUrl,
                        redirectComment: saved.redirectComment || t('eventTypes:form.defaultRedirectComment'),
                      }
                    : { isShowRedirection: false, redirectUrl: '', redirectComment: '' },
                )
              }}
            />
            {/* SPEC §6: the redirect after booking needs Pro, like the cost. */}
            {locked('costAndRedirect') ? (
              <PlanBadge
                plan={cheapestPlanWith('costAndRedirect')}
                onClick={() => onLocked('costAndRedirect')}
                testId="plan-badge-redirect"
              />
            ) : null}
          </div>
          {values.isShowRedirection ? (
            <div className="grid gap-3">
              <Field
                label={t('eventTypes:form.redirectUrl')}
                name="redirectUrl"
                inputMode="url"
                value={values.redirectUrl}
                errors={[error('redirectUrl')]}
                onChange={(event) => set({ redirectUrl: event.target.value })}
              />
              <Field
                label={t('eventTypes:form.redirectComment')}
                name="redirectComment"
                value={values.redirectComment}
                maxLength={200}
                errors={[error('redirectComment')]}
                onChange={(event) => set({ redirectComment: event.target.value })}
              />
            </div>
          ) : null}
        </Section>
      </div>
      <input type="hidden" name="isActive" value={String(values.isActive)} />
      <input type="hidden" name="isShowOnSpecialistPage" value={String(values.isShowOnSpecialistPage)} />
    </div>
  )
}

/**
 * A duration or step by the SPEC's fields (`durationType`/`stepType`, `...Value`, `...ValueType`): the type, and for
 * "Another" a value in minutes or hours. Without script the value inputs always show (a select cannot reveal them);
 * the form reads them only with "Another".
 */
function TypeOrOther({
  label,
  field,
  types,
  type,
  value,
  unit,
  error,
  onChange,
}: {
  label: string
  field: 'duration' | 'step'
  types: readonly string[]
  type: string
  value: string
  unit: DurationUnit
  error?: string
  onChange: (type: string, value: string, unit: DurationUnit) => void
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const another = type === 'Another'
  const typeLabel = (option: string) => {
    const minutes = presetMinutes(option as (typeof STEP_TYPES)[number])
    if (minutes !== null) return t('eventTypes:minutes', { count: minutes })
    return t(option === 'Duration' ? 'eventTypes:form.stepEqualsDuration' : 'eventTypes:form.other')
  }
  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid={`${field}-fields`}>
      <SelectField
        label={label}
        name={`${field}Type`}
        value={type}
        errors={another ? [] : [error]}
        onChange={(event) => onChange(event.target.value, value, unit)}
        options={types.map((option) => ({ value: option, label: typeLabel(option) }))}
      />
      {another || !hydrated ? (
        <>
          <Field
            type="number"
            min={1}
            max={1380}
            step={1}
            label={t('eventTypes:form.otherValue', { label })}
            name={`${field}Value`}
            value={value}
            errors={[another ? error : undefined]}
            onChange={(event) => onChange(type, event.target.value, unit)}
          />
          <SelectField
            label={t('eventTypes:form.otherUnit', { label })}
            name={`${field}ValueType`}
            value={unit}
            onChange={(event) => onChange(type, value, event.target.value as DurationUnit)}
            options={DURATION_UNITS.map((option) => ({ value: option, label: t(`eventTypes:units.${option}`) }))}
          />
        </>
      ) : null}
    </div>
  )
}

/** One person's head and shoulders, drawn at (x, 0) in a 24-unit-high box. */
function Person({ x }: { x: number }) {
  return (
    <>
      <circle cx={x + 6} cy="8" r="3.5" />
      <path d={`M${x} 20c0-3.6 2.7-6 6-6s6 2.4 6 6`} />
    </>
  )
}

/**
 * SPEC §2: the card's icon by participant type, drawn (emoji differ between systems and some have none): one
 * person for individual, two for group, and a dot for the other specialists of a collective event.
 */
export function ParticipantIcon({ type }: { type: string }) {
  const { t } = useTranslation()
  const group = type === 'GroupNotCollective' || type === 'GroupCollective'
  const collective = type === 'SimpleCollective' || type === 'GroupCollective'
  const width = (group ? 27 : 15) + (collective ? 7 : 0)
  return (
    <svg
      role="img"
      aria-label={t(`eventTypes:participantTypes.${type}`)}
      viewBox={`0 0 ${width} 24`}
      className="inline-block h-5 w-auto shrink-0 align-middle text-primary"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <Person x={1.5} />
      {group ? <Person x={13.5} /> : null}
      {collective ? <circle cx={width - 3.5} cy="5" r="2.5" fill="currentColor" stroke="none" /> : null}
    </svg>
  )
}
