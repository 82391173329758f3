import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { ActionErrors, MeetingHead, PlaceAndDescription } from '#app/components/meetings/meeting-parts.tsx'
import { CancelSection, MoveSection } from '#app/components/meetings/move-and-cancel.tsx'
import { VisitorsForm } from '#app/components/meetings/meeting-participants.tsx'
import { usePageAnswer } from '#app/components/ui/use-page-answer.ts'
import { parseCancelReason } from '#app/domain/meetings/cancel-reason.ts'
import { zoneName } from '#app/domain/time-zones/zone-names.ts'
import { postedStart, visitorEmails } from '#app/server/meeting-form.server.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'
import { meetingCommand, ownerOfParticipation } from '#app/server/meetings/commands.server.ts'
import { Refused, orNotFoundPage } from '#app/server/refusal.server.ts'
import { findOwnParticipation, findOwnedMeeting, participantMeetingView } from '#app/server/meetings/meetings.server.ts'
import { changeNoticeMinutes, isInsideNotice } from '#app/server/meetings/notice.server.ts'
import { moveCalendar, moveMonth } from '#app/server/meetings/reschedule.server.ts'
import { monthOf } from '#app/server/booking/page/flow.server.ts'
import { currentMonth } from '#app/server/booking/public.server.ts'
import { pageAction } from '#app/server/forms/page-action.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const meta = titleMeta

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, user, language, t, env } = await signedInPage(request, context)
  const now = Date.now()
  const row = await orNotFoundPage(findOwnParticipation(db, user, params.id ?? ''))
  const meeting = await participantMeetingView(db, user, row.participant.id, now)
  // SPEC §6 member rights: cancel and move, outside the specialist's minimum notice (same rule as the emailed link).
  const insideNotice = isInsideNotice(row.meeting, await changeNoticeMinutes(db, row.meeting), now)
  const canChange = meeting.status === 'upcoming' && !insideNotice
  const { participants } = await findOwnedMeeting(db, row.meeting.ownerId, row.meeting.id)
  const soleMember =
    row.participant.role === 'member' &&
    !participants.some((p) => p.role === 'member' && p.status === 'booked' && p.id !== row.participant.id)
  const canMove = canChange && soleMember && row.meeting.eventTypeId !== null
  // The move: the guest manage page's month calendar of free days, in the viewer's zone (ADR 0103, 0109).
  const url = new URL(request.url)
  const current = currentMonth(user.timeZone, now)
  const calendar = canMove
    ? await moveMonth(
        (month) => moveCalendar(env, db, row.meeting, user.timeZone, month, url.searchParams.get('date'), now),
        monthOf(url.searchParams.get('month')),
        current,
      )
    : null
  return {
    title: `${meeting.meetingInfo.eventTypeName} — ${t('meetings:title')}`,
    meeting,
    timeZone: user.timeZone,
    // What a person reads: the zone's name in their language, never the IANA id (issue 18).
    timeZoneName: zoneName(user.timeZone, language),
    insideNotice: meeting.status === 'upcoming' && insideNotice,
    canChange,
    canMove,
    calendar: calendar
      ? { ...calendar, isCurrentMonth: calendar.year === current.year && calendar.month === current.month }
      : null,
    // Without script, "Cancel my booking" is a link to this page with `?cancel=1`, which shows the confirmation.
    confirmCancel: url.searchParams.has('cancel'),
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { db, user, t, env } = await signedInPage(request, context)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const participantId = params.id ?? ''
  const viewer = { id: user.id, email: user.email, timeZone: user.timeZone }
  const submitted = { reason: String(form.get('reason') ?? '') }
  return pageAction(
    intent,
    t,
    async () => {
      // The booking's host runs the change (404 for a row that is not the viewer's).
      const ownerId = await ownerOfParticipation(db, viewer, participantId)
      if (intent === 'cancel') {
        const parsed = parseCancelReason(form.get('reason'))
        if (!parsed.ok) throw new Refused(parsed.refusal)
        return meetingCommand(env, { kind: 'cancelOwn', ownerId, viewer, participantId, reason: parsed.reason })
      }
      if (intent === 'reschedule') {
        return meetingCommand(env, { kind: 'rescheduleOwn', ownerId, viewer, participantId, start: postedStart(form) })
      }
      if (intent === 'visitors') {
        const emails = visitorEmails(t, form)
        return meetingCommand(env, { kind: 'addOwnVisitors', ownerId, viewer, participantId, emails })
      }
      throw new Response(null, { status: 400 })
    },
    submitted,
  )
}

/** `/meetings/myMeetings/{id}`: a meeting the signed-in user is booked into (SPEC §3 participant view). */
export default function MyMeeting() {
  const { meeting, timeZoneName, insideNotice, canChange, calendar, confirmCancel } = useLoaderData<typeof loader>()
  const { answer, busy, t } = usePageAnswer('meetings')
  const info = meeting.meetingInfo
  const organizer = `${meeting.organizerInfo.firstName} ${meeting.organizerInfo.lastName}`.trim()
  return (
    <section className="space-y-5" data-testid="my-meeting-detail">
      <Link to="/meetings?side=participant" className="text-sm text-primary">
        ← {t('meetings:backToList')}
      </Link>
      {answer && !answer.ok && answer.intent !== 'cancel' ? <ActionErrors errors={answer.errors} /> : null}
      <MeetingHead
        color={info.color}
        name={info.eventTypeName}
        date={info.date}
        timeSlot={info.timeSlot}
        zone={timeZoneName}
        organizer={organizer}
        status={meeting.status}
      >
        <div className="mt-3 space-y-2">
          <PlaceAndDescription icon={info.placeIcon} point={info.meetingPoint} description={info.description} />
          {meeting.memberInfo.visitors.length > 0 ? (
            <p className="text-sm">
              {t('meetings:visitors.title')}: {meeting.memberInfo.visitors.map((v) => v.email).join(', ')}
            </p>
          ) : null}
        </div>
        {meeting.status === 'upcoming' ? (
          <div className="mt-4 space-y-3">
            {meeting.memberInfo.role === 'member' ? (
              <VisitorsForm label={t('meetings:visitors.addMine')} busy={busy} />
            ) : null}
            {insideNotice ? (
              <p className="rounded-lg bg-surface p-3 text-sm" data-testid="my-meeting-notice">
                {t('meetings:errors.noticeTooShort')}
              </p>
            ) : null}
            {canChange ? <CancelSection confirmCancel={confirmCancel} busy={busy} /> : null}
          </div>
        ) : null}
      </MeetingHead>
      {calendar ? <MoveSection calendar={calendar} zoneName={timeZoneName} busy={busy} /> : null}
    </section>
  )
}
