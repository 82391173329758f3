/**
 * The pickers the event-type form and the one-time meeting form share (issue 13): colour and place (reminders in
 * reminder-picker.tsx, amounts in amount-fields.tsx). Each
 * form keeps its own field names (its action parses them); the markup, the no-script behaviour and the accessible
 * names are the same in both.
 */
import { useTranslation } from 'react-i18next'
import { Field, RadioChoices, SelectField } from '#app/components/ui/field.tsx'
import { EVENT_TYPE_COLORS } from '#app/domain/event-type-colors.ts'
import { PLACE_TYPES, type VideoLinkService, WHO_CALL_TYPES } from '#app/domain/enums.ts'
import type { ParticipantType } from '#app/domain/event-types/form-values.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { ErrorText } from './form-parts.tsx'
import { type TelemostInfo, TelemostOption } from './telemost-option.tsx'

/** The participant types in the order the forms offer them: individual and group, then their collective kinds. */
export const PARTICIPANT_TYPE_ORDER = [
  'SimpleNotCollective',
  'GroupNotCollective',
  'SimpleCollective',
  'GroupCollective',
] as const satisfies readonly ParticipantType[]

/** The colour of an event type or meeting: a row of swatches, each a radio named `color`. */
export function ColorPicker({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (color: string) => void
  error?: string | null
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t('eventTypes:form.color')}</legend>
      <div className="flex flex-wrap gap-2">
        {EVENT_TYPE_COLORS.map((color) => (
          <label key={color} className="cursor-pointer">
            <input
              type="radio"
              name="color"
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
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
      <ErrorText text={error} />
    </fieldset>
  )
}

export type Place = (typeof PLACE_TYPES)[number]
export type WhoCalls = (typeof WHO_CALL_TYPES)[number]

/** What the place picker shows and changes, by the SPEC's meaning (each form maps its own field names). */
export type PlaceValues = {
  place: Place
  whoCallType: WhoCalls
  meetingPoint: string
  videoLinkService: '' | VideoLinkService
}

/**
 * Where the meeting happens (SPEC §4): a radio per place; for a phone call who calls whom; otherwise the address or
 * the link, and for online "a Telemost link for each meeting" (which makes a fixed link unneeded). Without script
 * nothing can re-render, so the Telemost option stays and the server reads it only for "Online".
 */
export function PlacePicker(props: {
  /** The radios' field name (`eventTypePlaceType` or `type`). */
  name: string
  /** Whether the radios' legend shows (it is for screen readers only inside a section of that title). */
  legendShown?: boolean
  values: PlaceValues
  /** A change of the place itself (forms keep what was typed per place). */
  onPlace: (place: Place) => void
  onChange: (patch: Partial<Omit<PlaceValues, 'place'>>) => void
  videoLocked: boolean
  onVideoLocked: () => void
  telemost: TelemostInfo
  returnTo: string
  errors: { meetingPoint?: string | null; videoLinkService?: string | null; whoCallType?: string | null }
}) {
  const { values, errors, onChange } = props
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const online = values.place === 'Online'
  return (
    <div className="flex flex-col gap-4">
      <RadioChoices
        legend={t('eventTypes:form.location')}
        legendClassName={props.legendShown ? undefined : 'sr-only'}
        name={props.name}
        value={values.place}
        options={PLACE_TYPES.map((place) => ({ value: place, label: t(`eventTypes:places.${place}`) }))}
        onChange={props.onPlace}
      />
      {values.place === 'Phone' ? (
        <SelectField
          label={t('eventTypes:form.whoCalls')}
          name="whoCallType"
          value={values.whoCallType}
          errors={[errors.whoCallType ?? undefined]}
          onChange={(event) => onChange({ whoCallType: event.target.value as WhoCalls })}
          options={WHO_CALL_TYPES.map((value) => ({ value, label: t(`eventTypes:whoCalls.${value}`) }))}
        />
      ) : (
        <>
          {online || !hydrated ? (
            <TelemostOption
              checked={values.videoLinkService === 'telemost'}
              onChange={(checked) => onChange({ videoLinkService: checked ? 'telemost' : '' })}
              locked={props.videoLocked}
              onLocked={props.onVideoLocked}
              telemost={props.telemost}
              returnTo={props.returnTo}
              error={errors.videoLinkService ?? undefined}
            />
          ) : null}
          {/* A link for each meeting needs no fixed one; without script the field stays and the server ignores it. */}
          <div className={hydrated && online && values.videoLinkService ? 'hidden' : ''}>
            <Field
              label={t(online ? 'eventTypes:form.onlineUrl' : 'eventTypes:form.address')}
              name="meetingPoint"
              value={values.meetingPoint}
              inputMode={online ? 'url' : undefined}
              errors={[errors.meetingPoint ?? undefined]}
              onChange={(event) => onChange({ meetingPoint: event.target.value })}
            />
          </div>
        </>
      )}
    </div>
  )
}
