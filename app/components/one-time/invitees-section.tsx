import { useTranslation } from 'react-i18next'
import { SeatFields } from '#app/components/event-types/amount-fields.tsx'
import { PARTICIPANT_TYPE_ORDER } from '#app/components/event-types/pickers.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { RadioChoices, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { textBinding } from '#app/components/ui/text-binding.ts'
import { INVITE_MODES, type OneTimeFormValues } from '#app/domain/one-time/form.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { type ContactOption, ExistingContacts, NewContacts } from './contact-lists.tsx'
import type { OneTimeSectionProps } from './section-props.ts'
import { type InviteeCheck, useInviteeCheck } from './use-invitee-check.ts'
import { FormCard } from './form-card.tsx'

/**
 * Who comes (SPEC §4): participants (of a participant type, with seats for a group) or visitors by address; the
 * host's contacts and new people; adjutants. A busy invitee asks "Add anyway?" as they are picked.
 */
export function InviteesSection(
  props: OneTimeSectionProps & {
    replace: (update: (previous: OneTimeFormValues) => OneTimeFormValues) => void
    contacts: ContactOption[]
    /** Participant types the plan does not allow, with the plan they are available from. */
    lockedTypes: Record<string, string>
  },
) {
  const { values, set, fe, lockedTypes } = props
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const invitee = useInviteeCheck(values)
  const group = values.participantType.startsWith('Group') && values.inviteParticipant === 'participants'
  const typeLabel = (type: string) => t(`eventTypes:participantTypes.${type}`)
  const text = textBinding({ values, set, errors: fe })
  return (
    <FormCard title={t('oneTime:create.who')}>
      <RadioChoices
        legend={t('oneTime:create.inviteParticipant')}
        name="inviteParticipant"
        value={values.inviteParticipant}
        options={INVITE_MODES.map((mode) => ({ value: mode, label: t(`oneTime:create.invite.${mode}`) }))}
        onChange={(mode) => set({ inviteParticipant: mode })}
      />
      {values.inviteParticipant === 'participants' ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label={t('oneTime:create.participantType')}
            name="participantType"
            value={values.participantType}
            onChange={(e) => set({ participantType: e.target.value as OneTimeFormValues['participantType'] })}
            options={PARTICIPANT_TYPE_ORDER.map((type) => ({
              value: type,
              label: lockedTypes[type]
                ? `${typeLabel(type)} (${t('eventTypes:plan.badge', { plan: lockedTypes[type] })})`
                : typeLabel(type),
            }))}
          />
          {group || !hydrated ? (
            <SeatFields
              minSeats={values.minSeats}
              totalSeats={values.totalSeats}
              onChange={set}
              errors={{ minSeats: fe('minSeats')?.[0], totalSeats: fe('totalSeats')?.[0] }}
              hint={hydrated ? undefined : t('oneTime:create.seatsHint')}
            />
          ) : null}
        </div>
      ) : (
        <TextareaField
          label={t('oneTime:create.visitors')}
          {...text('visitors')}
          hint={t('oneTime:create.visitorsHint')}
          rows={2}
        />
      )}
      <ExistingContacts {...props} invitee={invitee} />
      <NewContacts {...props} invitee={invitee} />
      <BusyPrompt invitee={invitee} />
      <TextareaField
        label={t('oneTime:create.adjutants')}
        {...text('adjutants')}
        hint={t('oneTime:create.adjutantsHint')}
        rows={2}
      />
    </FormCard>
  )
}

/** "Add anyway?" for an invitee who is busy then; the accepted addresses go with the form as `acceptedBusy`. */
function BusyPrompt({ invitee }: { invitee: InviteeCheck }) {
  const { t } = useTranslation()
  return (
    <>
      {invitee.accepted.map((email) => (
        <input key={email} type="hidden" name="acceptedBusy" value={email} />
      ))}
      {invitee.pending ? (
        <div
          role="alertdialog"
          aria-labelledby="one-time-busy-title"
          className="space-y-2 rounded-lg border border-warning bg-surface p-3"
          data-testid="one-time-busy"
        >
          <p id="one-time-busy-title" className="text-sm">
            {t('oneTime:create.busyPrompt', { email: invitee.pending.email })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={invitee.accept} data-testid="one-time-busy-add">
              {t('oneTime:create.addAnywayButton')}
            </Button>
            <Button variant="secondary" onClick={invitee.reject}>
              {t('oneTime:create.dontAdd')}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  )
}
