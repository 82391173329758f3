import { Form } from '@remix-run/react'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type TelemostInfo, TelemostOption } from '#app/components/event-types/telemost-option.tsx'
import { TariffLimitModal } from '#app/components/event-types/tariff-limit-modal.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DateField, TimeField } from '#app/components/ui/date-time-inputs.tsx'
import { CheckboxField, Field, FormErrors, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { DEFAULT_REMINDERS_MINUTES } from '#app/domain/constants.ts'
import { EVENT_TYPE_COLORS } from '#app/domain/event-type-colors.ts'
import { BUFFER_PRESETS } from '#app/domain/event-types/schema.ts'
import {
  NEW_CONTACT_ROWS_MAX,
  type OneTimeFormValues,
  type TemplateSource,
  chooseTemplate,
  clearTemplate,
} from '#app/domain/one-time/form.ts'
import { cheapestPlanWith } from '#app/domain/plans.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

export type TemplateOption = { id: string; name: string; source: TemplateSource }
export type ContactOption = { id: string; name: string; email: string }
export type Conflict = { texts: string[]; hasOverlaps: boolean; hasBusy: boolean }

const PARTICIPANT_TYPES = ['SimpleNotCollective', 'GroupNotCollective', 'SimpleCollective', 'GroupCollective'] as const
const UNITS = ['Minutes', 'Hours', 'Days'] as const

/** The creation form of `/meetings/one-time-event/create`: works as a plain form; script adds the conveniences. */
export function OneTimeForm({
  initial,
  templates,
  contacts,
  zones,
  minDate,
  lockedTypes,
  videoLinksLocked,
  telemost,
  returnTo,
  errors,
  fieldErrors,
  conflict,
  busy,
}: {
  initial: OneTimeFormValues
  templates: TemplateOption[]
  contacts: ContactOption[]
  zones: { value: string; label: string }[]
  minDate: string
  /** Participant types the plan does not allow, with the plan they are available from. */
  lockedTypes: Record<string, string>
  /** "A Telemost link for each meeting" needs a higher plan. */
  videoLinksLocked: boolean
  telemost: TelemostInfo
  /** Where connecting Telemost without script returns. */
  returnTo: string
  errors: string[]
  fieldErrors: Record<string, string[]>
  conflict: Conflict | null
  busy: boolean
}) {
  const { t } = useTranslation()
  const [values, setValues] = useState(initial)
  const [search, setSearch] = useState('')
  const hydrated = useHydrated()
  const [conflictOpen, setConflictOpen] = useState(Boolean(conflict))
  const [videoLimitOpen, setVideoLimitOpen] = useState(false)
  // Reset only when the values themselves change: a revalidation (after connecting Telemost in the popup) brings equal
  // defaults as a new object, and what was typed stays.
  const initialKey = JSON.stringify(initial)
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the values, not the object
  useEffect(() => setValues(initial), [initialKey])
  useEffect(() => setConflictOpen(Boolean(conflict)), [conflict])
  // SPEC §4 "busy invitee asks 'Add anyway?'": checked as each invitee is picked; the server checks again on submit.
  const [pendingBusy, setPendingBusy] = useState<{ email: string; undo: () => void } | null>(null)
  const [acceptedBusy, setAcceptedBusy] = useState<string[]>([])
  const checkInvitee = async (raw: string, undo: () => void) => {
    const email = raw.trim().toLowerCase()
    if (!/^\S+@\S+\.\S+$/.test(email) || acceptedBusy.includes(email)) return
    const query = new URLSearchParams({
      email,
      date: values.date,
      timeZone: values.timeZone,
      timeFrom: values.timeFrom,
      timeTo: values.timeTo,
    })
    try {
      const response = await fetch(`/meetings/one-time-event/free?${query}`)
      if (!response.ok) return
      const answer = (await response.json()) as { isFree: boolean | null }
      if (answer.isFree === false) setPendingBusy({ email, undo })
    } catch {
      // Offline or refused: the submit's own check still asks.
    }
  }
  const set = <K extends keyof OneTimeFormValues>(key: K, value: OneTimeFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }))
  const fe = (name: string) => fieldErrors[name] ?? null
  const shownContacts = useMemo(() => {
    const query = search.trim().toLowerCase()
    return query ? contacts.filter((c) => c.name.toLowerCase().includes(query) || c.email.includes(query)) : contacts
  }, [contacts, search])
  const group = values.participantType.startsWith('Group') && values.inviteParticipant === 'participants'
  const pickTemplate = (id: string) => {
    const template = templates.find((item) => item.id === id)
    setValues((previous) => (template ? chooseTemplate(previous, id, template.source) : clearTemplate(previous)))
  }

  return (
    <Form method="post" id="oneoff-form" className="space-y-6" noValidate data-testid="oneoff-form">
      <input type="hidden" name="browserOffset" value={hydrated ? String(-new Date().getTimezoneOffset() / 60) : ''} />
      <FormErrors errors={errors} />

      {conflict && conflictOpen ? (
        <section
          role="alertdialog"
          aria-labelledby="oneoff-conflict-title"
          className="card space-y-3 border-warning p-5"
          data-testid="oneoff-conflict"
        >
          <h2 id="oneoff-conflict-title" className="text-lg font-semibold">
            {conflict.hasOverlaps ? t('oneoff:create.bookAnyway') : t('oneoff:create.addAnyway')}
          </h2>
          {conflict.texts.map((text) => (
            <p key={text} className="text-sm">
              {text}
            </p>
          ))}
          {conflict.hasOverlaps && conflict.hasBusy ? <p className="text-sm">{t('oneoff:create.addAnyway')}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="ignoreOverlapEvents" value="on" loading={busy} data-testid="oneoff-anyway">
              {conflict.hasOverlaps ? t('oneoff:create.bookAnywayButton') : t('oneoff:create.addAnywayButton')}
            </Button>
            {hydrated ? (
              <Button variant="secondary" onClick={() => setConflictOpen(false)}>
                {t('oneoff:create.changeTime')}
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}

      <fieldset className="card grid gap-4 p-5 sm:grid-cols-2">
        <legend className="sr-only">{t('oneoff:create.when')}</legend>
        <h2 className="text-lg font-semibold sm:col-span-2">{t('oneoff:create.when')}</h2>
        <DateField
          label={t('oneoff:create.date')}
          name="date"
          min={minDate}
          max="2099-12-31"
          value={values.date}
          onChange={(date) => set('date', date)}
          errors={fe('date')}
          required
        />
        <SelectField
          label={t('oneoff:create.timeZone')}
          name="timeZone"
          value={values.timeZone}
          onChange={(e) => set('timeZone', e.target.value)}
          options={zones}
          errors={fe('timeZone')}
        />
        <TimeField
          label={t('oneoff:create.timeFrom')}
          name="timeFrom"
          value={values.timeFrom}
          onChange={(time) => set('timeFrom', time)}
          errors={fe('timeFrom')}
          required
        />
        <TimeField
          label={t('oneoff:create.timeTo')}
          name="timeTo"
          value={values.timeTo}
          onChange={(time) => set('timeTo', time)}
          errors={fe('timeTo')}
          required
        />
      </fieldset>

      <fieldset className="card space-y-4 p-5">
        <legend className="sr-only">{t('oneoff:create.templateTitle')}</legend>
        <h2 className="text-lg font-semibold">{t('oneoff:create.templateTitle')}</h2>
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            className="min-w-0 flex-1"
            label={t('oneoff:create.template')}
            name="template"
            value={values.template}
            onChange={(e) => pickTemplate(e.target.value)}
            options={[
              { value: '', label: t('oneoff:create.templateNew') },
              ...templates.map((item) => ({ value: item.id, label: item.name })),
            ]}
            hint={t('oneoff:create.templateHint')}
          />
          {hydrated ? null : (
            <Button type="submit" variant="secondary" name="intent" value="template">
              {t('oneoff:create.applyTemplate')}
            </Button>
          )}
        </div>
        <Field
          label={t('eventTypes:form.name')}
          name="name"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          errors={fe('name')}
          maxLength={200}
          required
        />
        <TextareaField
          label={t('eventTypes:form.description')}
          name="description"
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          errors={fe('description')}
          rows={3}
          maxLength={1500}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('eventTypes:form.location')}
            name="type"
            value={values.type}
            onChange={(e) => set('type', e.target.value as OneTimeFormValues['type'])}
            options={(['Meet', 'Online', 'Phone'] as const).map((place) => ({
              value: place,
              label: t(`eventTypes:places.${place}`),
            }))}
          />
          {values.type === 'Phone' ? (
            <SelectField
              label={t('eventTypes:form.whoCalls')}
              name="whoCallType"
              value={values.whoCallType}
              onChange={(e) => set('whoCallType', e.target.value as OneTimeFormValues['whoCallType'])}
              options={(['OrganizerCallToMember', 'MemberCallToOrganizer'] as const).map((who) => ({
                value: who,
                label: t(`eventTypes:whoCalls.${who}`),
              }))}
            />
          ) : (
            // A link for each meeting needs no fixed one; without script the field stays and the server ignores it.
            <div className={hydrated && values.type === 'Online' && values.videoLinkService ? 'hidden' : ''}>
              <Field
                label={values.type === 'Online' ? t('eventTypes:form.link') : t('eventTypes:form.address')}
                name="meetingPoint"
                value={values.meetingPoint}
                onChange={(e) => set('meetingPoint', e.target.value)}
                errors={fe('meetingPoint')}
              />
            </div>
          )}
        </div>
        {/* Without script the place select cannot re-render: the option stays, and counts only for "Online". */}
        {values.type === 'Online' || !hydrated ? (
          <TelemostOption
            checked={values.videoLinkService === 'telemost'}
            onChange={(checked) => set('videoLinkService', checked ? 'telemost' : '')}
            locked={videoLinksLocked}
            onLocked={() => setVideoLimitOpen(true)}
            telemost={telemost}
            returnTo={returnTo}
            error={fe('videoLinkService')?.[0]}
          />
        ) : null}
        <TariffLimitModal
          open={videoLimitOpen}
          onClose={() => setVideoLimitOpen(false)}
          availableFrom={cheapestPlanWith('videoMeetingLinks')}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('eventTypes:form.color')}</legend>
          <div className="flex flex-wrap gap-2">
            {EVENT_TYPE_COLORS.map((color) => (
              <label key={color} className="cursor-pointer">
                <input
                  type="radio"
                  name="color"
                  value={color}
                  checked={values.color === color}
                  onChange={() => set('color', color)}
                  className="peer sr-only"
                />
                <span
                  className="block size-8 rounded-full border-2 border-transparent peer-checked:border-ink peer-focus-visible:ring-2"
                  style={{ background: color }}
                />
                <span className="sr-only">{color}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>

      <fieldset className="card space-y-4 p-5">
        <legend className="sr-only">{t('oneoff:create.who')}</legend>
        <h2 className="text-lg font-semibold">{t('oneoff:create.who')}</h2>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-2 text-sm font-medium">{t('oneoff:create.inviteParticipant')}</legend>
          {(['participants', 'visitors'] as const).map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="inviteParticipant"
                value={mode}
                checked={values.inviteParticipant === mode}
                onChange={() => set('inviteParticipant', mode)}
                className="accent-[var(--color-primary)]"
              />
              {t(`oneoff:create.invite.${mode}`)}
            </label>
          ))}
        </fieldset>
        {values.inviteParticipant === 'participants' ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label={t('oneoff:create.participantType')}
              name="participantType"
              value={values.participantType}
              onChange={(e) => set('participantType', e.target.value as OneTimeFormValues['participantType'])}
              options={PARTICIPANT_TYPES.map((type) => ({
                value: type,
                label: lockedTypes[type]
                  ? `${t(`eventTypes:participantTypes.${type}`)} (${t('eventTypes:tariff.badge', { plan: lockedTypes[type] })})`
                  : t(`eventTypes:participantTypes.${type}`),
              }))}
            />
            {group || !hydrated ? (
              <>
                <Field
                  label={t('eventTypes:form.totalSeats')}
                  type="number"
                  name="totalSeats"
                  min={2}
                  value={values.totalSeats}
                  onChange={(e) => set('totalSeats', e.target.value)}
                  errors={fe('totalSeats')}
                  hint={hydrated ? undefined : t('oneoff:create.seatsHint')}
                />
                <Field
                  label={t('eventTypes:form.minSeats')}
                  type="number"
                  name="minSeats"
                  min={1}
                  value={values.minSeats}
                  onChange={(e) => set('minSeats', e.target.value)}
                  errors={fe('minSeats')}
                />
              </>
            ) : null}
          </div>
        ) : (
          <TextareaField
            label={t('oneoff:create.visitors')}
            name="visitors"
            value={values.visitors}
            onChange={(e) => set('visitors', e.target.value)}
            hint={t('oneoff:create.visitorsHint')}
            errors={fe('visitors')}
            rows={2}
          />
        )}

        <div className="space-y-2">
          <h3 className="text-sm font-medium" id="oneoff-contacts">
            {t('oneoff:create.existContacts')}{' '}
            <span className="text-muted">{t('oneoff:create.selected', { count: values.existContacts.length })}</span>
          </h3>
          {contacts.length === 0 ? (
            <p className="text-sm text-muted">{t('oneoff:create.noContacts')}</p>
          ) : (
            <>
              {hydrated ? (
                <Field
                  label={t('oneoff:create.searchContacts')}
                  type="search"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
              ) : null}
              <ul
                className="max-h-60 space-y-1 overflow-y-auto rounded-lg border border-line p-2"
                aria-labelledby="oneoff-contacts"
                data-testid="oneoff-contacts"
              >
                {contacts.map((contact) => (
                  <li key={contact.id} hidden={!shownContacts.includes(contact)}>
                    <CheckboxField
                      name="existContacts"
                      value={contact.id}
                      checked={values.existContacts.includes(contact.id)}
                      onChange={(e) => {
                        set(
                          'existContacts',
                          e.target.checked
                            ? [...values.existContacts, contact.id]
                            : values.existContacts.filter((id) => id !== contact.id),
                        )
                        if (e.target.checked) {
                          checkInvitee(contact.email, () =>
                            setValues((previous) => ({
                              ...previous,
                              existContacts: previous.existContacts.filter((id) => id !== contact.id),
                            })),
                          )
                        }
                      }}
                      label={`${contact.name} — ${contact.email}`}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
          <FormErrors errors={fe('existContacts')} />
        </div>

        <div className="space-y-3">
          <h3 className="text-sm font-medium">{t('oneoff:create.newContacts')}</h3>
          {values.newContacts.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
            <div key={index} className="grid gap-2 sm:grid-cols-3" data-testid="oneoff-new-contact">
              {(['firstName', 'lastName', 'email'] as const).map((key) => (
                <Field
                  key={key}
                  label={t(`oneoff:create.newContact.${key}`, { index: index + 1 })}
                  name={`newContacts.${index}.${key}`}
                  type={key === 'email' ? 'email' : 'text'}
                  value={row[key]}
                  onChange={(e) =>
                    set(
                      'newContacts',
                      values.newContacts.map((r, i) => (i === index ? { ...r, [key]: e.target.value } : r)),
                    )
                  }
                  errors={fe(`newContacts.${index}.${key}`)}
                  onBlur={
                    key === 'email'
                      ? (e) =>
                          checkInvitee(e.target.value, () =>
                            setValues((previous) => ({
                              ...previous,
                              newContacts: previous.newContacts.map((r, i) => (i === index ? { ...r, email: '' } : r)),
                            })),
                          )
                      : undefined
                  }
                />
              ))}
            </div>
          ))}
          {values.newContacts.length < NEW_CONTACT_ROWS_MAX ? (
            <Button
              type={hydrated ? 'button' : 'submit'}
              name={hydrated ? undefined : 'intent'}
              value={hydrated ? undefined : 'addContact'}
              variant="ghost"
              onClick={
                hydrated
                  ? () => set('newContacts', [...values.newContacts, { firstName: '', lastName: '', email: '' }])
                  : undefined
              }
            >
              {t('oneoff:create.addContact')}
            </Button>
          ) : null}
          <FormErrors errors={fe('newContacts')} />
        </div>
        {acceptedBusy.map((email) => (
          <input key={email} type="hidden" name="acceptedBusy" value={email} />
        ))}
        {pendingBusy ? (
          <div
            role="alertdialog"
            aria-labelledby="oneoff-busy-title"
            className="space-y-2 rounded-lg border border-warning bg-surface p-3"
            data-testid="oneoff-busy"
          >
            <p id="oneoff-busy-title" className="text-sm">
              {t('oneoff:create.busyPrompt', { email: pendingBusy.email })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={() => {
                  setAcceptedBusy((list) => [...list, pendingBusy.email])
                  setPendingBusy(null)
                }}
                data-testid="oneoff-busy-add"
              >
                {t('oneoff:create.addAnywayButton')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  pendingBusy.undo()
                  setPendingBusy(null)
                }}
              >
                {t('oneoff:create.dontAdd')}
              </Button>
            </div>
          </div>
        ) : null}

        <TextareaField
          label={t('oneoff:create.adjutants')}
          name="adjutants"
          value={values.adjutants}
          onChange={(e) => set('adjutants', e.target.value)}
          hint={t('oneoff:create.adjutantsHint')}
          errors={fe('adjutants')}
          rows={2}
        />
      </fieldset>

      <fieldset className="card space-y-4 p-5">
        <legend className="sr-only">{t('oneoff:create.settings')}</legend>
        <h2 className="text-lg font-semibold">{t('oneoff:create.settings')}</h2>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">{t('eventTypes:form.reminders')}</legend>
          {DEFAULT_REMINDERS_MINUTES.map((minutes) => (
            <CheckboxField
              key={minutes}
              name="reminders"
              value={String(minutes)}
              checked={values.reminders.includes(minutes)}
              onChange={(e) =>
                set(
                  'reminders',
                  e.target.checked ? [...values.reminders, minutes] : values.reminders.filter((m) => m !== minutes),
                )
              }
              label={t(`eventTypes:reminderPresets.${minutes}`)}
            />
          ))}
          <CheckboxField
            name="remindersCustom"
            checked={values.remindersCustom}
            onChange={(e) => set('remindersCustom', e.target.checked)}
            label={t('eventTypes:form.customReminders')}
          />
          {values.remindersCustom || !hydrated
            ? values.customReminders.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
                <div key={index} className="grid max-w-md grid-cols-2 gap-2">
                  <Field
                    label={t('eventTypes:form.customAmount', { index: index + 1 })}
                    type="number"
                    min={1}
                    name="customAmount"
                    value={row.amount}
                    onChange={(e) =>
                      set(
                        'customReminders',
                        values.customReminders.map((r, i) => (i === index ? { ...r, amount: e.target.value } : r)),
                      )
                    }
                  />
                  <SelectField
                    label={t('eventTypes:form.customUnit', { index: index + 1 })}
                    name="customUnit"
                    value={row.unit}
                    onChange={(e) =>
                      set(
                        'customReminders',
                        values.customReminders.map((r, i) =>
                          i === index ? { ...r, unit: e.target.value as (typeof UNITS)[number] } : r,
                        ),
                      )
                    }
                    options={UNITS.map((unit) => ({ value: unit, label: t(`eventTypes:units.${unit}`) }))}
                  />
                </div>
              ))
            : null}
          <FormErrors errors={fe('reminders')} />
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">{t('oneoff:create.requiredFields')}</legend>
          {(['isLastNameRequired', 'isPhoneRequired', 'isMessengerRequired', 'isOptionalInputsHidden'] as const).map(
            (key) => (
              <CheckboxField
                key={key}
                name={key}
                checked={values[key]}
                onChange={(e) => set(key, e.target.checked)}
                label={t(`eventTypes:form.${key}`)}
              />
            ),
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('eventTypes:form.whenCloses')}
            type="number"
            min={0}
            name="whenClosesValue"
            value={values.whenClosesValue}
            onChange={(e) => set('whenClosesValue', e.target.value)}
            errors={fe('whenClosesValue')}
          />
          <SelectField
            label={t('eventTypes:form.whenClosesUnit')}
            name="whenClosesType"
            value={values.whenClosesType}
            onChange={(e) => set('whenClosesType', e.target.value as (typeof UNITS)[number])}
            options={UNITS.map((unit) => ({ value: unit, label: t(`eventTypes:units.${unit}`) }))}
          />
          {(['getTimeBeforeValue', 'getTimeAfterValue'] as const).map((key) => (
            <SelectField
              key={key}
              label={t(key === 'getTimeBeforeValue' ? 'eventTypes:form.before' : 'eventTypes:form.after')}
              name={key}
              value={values[key]}
              onChange={(e) => set(key, e.target.value)}
              options={[
                { value: '', label: t('oneoff:create.noBuffer') },
                ...BUFFER_PRESETS.map((m) => ({ value: String(m), label: t('eventTypes:minutes', { count: m }) })),
              ]}
              errors={fe(key)}
            />
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="create" loading={busy} data-testid="oneoff-create">
          {t('oneoff:create.submit')}
        </Button>
      </div>
    </Form>
  )
}
