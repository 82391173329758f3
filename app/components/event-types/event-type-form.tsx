import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectField } from '#app/components/ui/field.tsx'
import type { EventTypeFormValues } from '#app/domain/event-types/form-values.ts'
import { type Capability, can } from '#app/domain/plans.ts'
import type { PlanName } from '#app/domain/enums.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { AvailabilitySection } from './availability-section.tsx'
import { BaseSection } from './base-section.tsx'
import { BookingFormSections } from './booking-form-sections.tsx'
import { Section, type SectionProps } from './form-parts.tsx'
import { ParticipantTypeSection } from './participant-type-section.tsx'
import { type Place, PlacePicker } from './pickers.tsx'
import { ReminderPicker } from './reminder-picker.tsx'
import type { TelemostInfo } from './telemost-option.tsx'
import { TypeOrOther } from './type-or-other.tsx'

export type FormSection = 'type' | 'base' | 'availability' | 'schedule' | 'more'

type Props = {
  values: EventTypeFormValues
  onChange: (values: EventTypeFormValues) => void
  /** The saved values: toggling cost or redirect on fills from them (SPEC §4). */
  saved: EventTypeFormValues
  /** The server's texts per field (the first is shown). */
  errors: Record<string, string[]>
  schedules: { id: string; name: string }[]
  plan: PlanName
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

export function EventTypeForm(props: Props) {
  const { values, onChange, schedules, plan, visible, onLocked } = props
  const { t } = useTranslation()
  // Errors of the last submit that a later change made stale (SPEC §4: another location clears its errors).
  const [stale, setStale] = useState({ errors: props.errors, paths: [] as string[] })
  const staleErrors = stale.errors === props.errors ? stale.paths : []
  const [typedPoints, setTypedPoints] = useState<Partial<Record<Place, string>>>({})
  const hydrated = useHydrated()
  const error = (path: string) => (staleErrors.includes(path) ? undefined : props.errors[path]?.[0])
  const set = (patch: Partial<EventTypeFormValues>) => onChange({ ...values, ...patch })
  // Before hydration every section shows, so the form also works without JavaScript.
  const hidden = (section: FormSection) => (hydrated && !visible.includes(section) ? 'hidden' : '')
  const locked = (capability: Capability) => !can(plan, capability)
  const section: SectionProps = { values, set, error, locked, onLocked }

  const pickPlace = (place: Place) => {
    // SPEC §4: phone clears the meeting point; another location clears its errors. Each location keeps what was
    // typed for it (issue 18): back to Online after a look at Meet shows the link.
    setStale({ errors: props.errors, paths: [...staleErrors, 'meetingPoint'] })
    const typed = { ...typedPoints, [values.eventTypePlaceType]: values.meetingPoint }
    setTypedPoints(typed)
    set({ eventTypePlaceType: place, meetingPoint: place === 'Phone' ? '' : (typed[place] ?? '') })
  }

  return (
    <div className="flex flex-col gap-6">
      <div className={hidden('type')}>
        <ParticipantTypeSection {...section} />
      </div>

      <div className={`flex flex-col gap-6 ${hidden('base')}`}>
        <BaseSection
          {...section}
          eventTypeId={props.eventTypeId}
          linkFollowsName={props.linkFollowsName}
          onLinkTouched={props.onLinkTouched}
        />

        <Section title={t('eventTypes:form.location')} testId="section-location">
          <PlacePicker
            name="eventTypePlaceType"
            values={{ ...values, place: values.eventTypePlaceType }}
            onPlace={pickPlace}
            onChange={set}
            videoLocked={locked('videoMeetingLinks')}
            onVideoLocked={() => onLocked('videoMeetingLinks')}
            telemost={props.telemost}
            returnTo={props.returnTo}
            errors={{ meetingPoint: error('meetingPoint'), videoLinkService: error('videoLinkService') }}
          />
        </Section>

        <Section title={t('eventTypes:form.duration')} testId="section-duration">
          <TypeOrOther field="duration" {...section} />
        </Section>
      </div>

      <div className={`flex flex-col gap-6 ${hidden('availability')}`}>
        <AvailabilitySection {...section} />

        <Section title={t('eventTypes:form.reminders')} testId="section-reminders">
          <ReminderPicker
            names={{ presets: 'remindersInMinutes', custom: 'remindersInMinutesCustom' }}
            values={{
              presets: values.remindersInMinutes,
              custom: values.remindersInMinutesCustom,
              rows: values.custom,
            }}
            onChange={(patch) =>
              set({
                remindersInMinutes: patch.presets ?? values.remindersInMinutes,
                remindersInMinutesCustom: patch.custom ?? values.remindersInMinutesCustom,
                custom: patch.rows ?? values.custom,
              })
            }
            locked={locked('customReminders')}
            onLocked={() => onLocked('customReminders')}
            errors={{
              presets: error('remindersInMinutes'),
              rows: error('remindersInMinutesCustomValues'),
              row: (index) => error(`remindersInMinutesCustomValues.${index}.amount`),
            }}
          />
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
        <BookingFormSections {...section} saved={props.saved} />
      </div>
      <input type="hidden" name="isActive" value={String(values.isActive)} />
      <input type="hidden" name="isShowOnSpecialistPage" value={String(values.isShowOnSpecialistPage)} />
    </div>
  )
}
