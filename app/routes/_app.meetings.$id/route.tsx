import { Form, Link, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MeetingConflicts } from '#app/components/meetings/meeting-conflicts.tsx'
import { ActionErrors, MeetingHead, PlaceAndDescription, SlotPicker } from '#app/components/meetings/meeting-parts.tsx'
import {
  AdjutantsSection,
  MoveParticipantsSection,
  ParticipantsSection,
} from '#app/components/meetings/meeting-participants.tsx'
import { MeetingWaitlist } from '#app/components/meetings/meeting-waitlist.tsx'
import { OneTimeReschedule } from '#app/components/meetings/one-time-reschedule.tsx'
import { ReminderStatusList } from '#app/components/notify/reminder-status-list.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { TitledSection } from '#app/components/ui/titled-section.tsx'
import { usePageAnswer } from '#app/components/ui/use-page-answer.ts'
import type { loader } from './loader.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export { action } from './action.server.ts'
export { loader } from './loader.server.ts'

export const meta = titleMeta

/** `/meetings/{id}`: one meeting of the organizer with its actions (SPEC §2, §4). */
export default function MeetingDetail() {
  const { meeting, targets, timeZone, timeZoneName, canPick, picked, slots, minDate, reminders, current, waitlist } =
    useLoaderData<typeof loader>()
  const [confirm, setConfirm] = useState<
    { kind: 'cancel' } | { kind: 'cancelParticipant'; id: string; name: string } | null
  >(null)
  const { answer, busy, t } = usePageAnswer('meetings', { onDone: () => setConfirm(null) })
  const info = meeting.userEventInfo
  const type = meeting.eventTypeInfo
  const upcoming = info.status === 'upcoming'
  const liveContacts = meeting.contactInfos.filter((c) => !c.isCanceled)
  const refusedOneTime = answer && !answer.ok && answer.intent === 'rescheduleOneTime' ? answer : undefined

  // SPEC §4, §8: a move into a meeting that lacked seats says the seats were added automatically.
  const seatsAdded =
    answer?.ok && answer.intent === 'move' ? (answer.result as { seatsAdded?: boolean; totalSeats?: number }) : null

  return (
    <section className="space-y-5" data-testid="meeting-detail">
      <Link to="/meetings" className="text-sm text-primary">
        ← {t('meetings:backToList')}
      </Link>
      {answer && !answer.ok ? <ActionErrors errors={answer.errors} testId="meeting-errors" /> : null}
      {seatsAdded?.seatsAdded ? (
        <p
          role="status"
          className="rounded-lg border border-line bg-primary-soft p-3 text-sm text-primary"
          data-testid="seats-added"
        >
          {t('meetings:done.moveSeatsAdded', { count: seatsAdded.totalSeats })}
        </p>
      ) : null}
      <MeetingHead
        color={type.color}
        name={type.eventTypeName}
        date={info.date}
        timeSlot={info.timeSlot}
        zone={timeZoneName}
        status={info.status}
      >
        <div className="mt-3 space-y-2">
          <MeetingConflicts conflicts={meeting.conflicts} zone={timeZone} meetingStart={info.start} />
          <PlaceAndDescription icon={type.placeIcon} point={type.meetingPoint} description={type.description} />
          <p
            className={`text-sm ${info.isBelowMinSeats ? 'font-medium text-error' : 'text-muted'}`}
            data-testid="meeting-count"
          >
            {t('meetings:card.participants', { count: info.participantCount })}
            {info.participantType.startsWith('Group')
              ? ` · ${t('meetings:card.seats', { count: info.totalSeats })}`
              : null}
          </p>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          {info.status === 'completed' ? <HeldToggle failed={info.isFaild === true} busy={busy} /> : null}
          {info.status !== 'canceled' && upcoming ? (
            <Button variant="danger" onClick={() => setConfirm({ kind: 'cancel' })} data-testid="cancel-meeting">
              {t('meetings:actions.cancelMeeting')}
            </Button>
          ) : null}
          {info.isOneTime ? (
            <Link
              to={`/meetings/one-time-event/create?created=${encodeURIComponent(info.id)}`}
              className="btn-secondary"
              data-testid="one-time-share"
            >
              {t('oneTime:created.shareAndInvitees')}
            </Link>
          ) : null}
        </div>
      </MeetingHead>

      {canPick ? (
        <TitledSection
          className="card p-5"
          id="reschedule-title"
          title={t('meetings:reschedule.title')}
          testId="reschedule"
        >
          <SlotPicker minDate={minDate} picked={picked} slots={slots} zoneName={timeZoneName} busy={busy} />
        </TitledSection>
      ) : null}

      {upcoming && info.isOneTime ? (
        <OneTimeReschedule
          current={current}
          minDate={minDate}
          zoneName={timeZoneName}
          busy={busy}
          conflict={refusedOneTime && refusedOneTime.status === 409}
          submitted={refusedOneTime?.submitted}
        />
      ) : null}

      {waitlist ? <MeetingWaitlist entries={waitlist} busy={busy} /> : null}

      <ParticipantsSection
        participants={meeting.contactInfos}
        upcoming={upcoming}
        busy={busy}
        onCancel={(participant) => setConfirm({ kind: 'cancelParticipant', ...participant })}
      />

      {upcoming ? <AdjutantsSection adjutants={info.adjutants} busy={busy} /> : null}

      {upcoming && liveContacts.length > 0 && targets.length > 0 ? (
        <MoveParticipantsSection participants={liveContacts} targets={targets} busy={busy} />
      ) : null}

      <ReminderStatusList reminders={reminders} timeZone={timeZone} />

      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={
          confirm?.kind === 'cancelParticipant'
            ? t('meetings:confirm.participantTitle', { name: confirm.name })
            : t('meetings:confirm.meetingTitle')
        }
        description={t('meetings:confirm.text')}
        confirmLabel={t('meetings:confirm.yes')}
        cancelLabel={t('meetings:confirm.no')}
        variant="danger"
        loading={busy}
        form={{
          action: `/meetings/${info.id}`,
          fields:
            confirm?.kind === 'cancelParticipant'
              ? { intent: 'cancelParticipant', participantId: confirm.id }
              : { intent: 'cancel' },
        }}
      />
    </section>
  )
}

/** A past meeting: "held" or "not held", and the button that marks it the other way. */
function HeldToggle({ failed, busy }: { failed: boolean; busy: boolean }) {
  const { t } = useTranslation()
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="held" />
      <input type="hidden" name="isFailed" value={failed ? 'false' : 'true'} />
      <span className="text-sm">{failed ? t('meetings:held.no') : t('meetings:held.yes')}</span>
      <Button type="submit" variant="secondary" disabled={busy} data-testid="held-toggle">
        {failed ? t('meetings:held.markHeld') : t('meetings:held.markNotHeld')}
      </Button>
    </Form>
  )
}
