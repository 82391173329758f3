import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { pickedDate } from '#app/domain/meetings/rules.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import { zoneName } from '#app/domain/time-zones/zone-names.ts'
import { ownedMeetingView, shortActualList } from '#app/server/meetings/meetings.server.ts'
import { pickerSlots } from '#app/server/meetings/reschedule.server.ts'
import { reminderStatusesFor } from '#app/server/notify/statuses.server.ts'
import { orNotFoundPage } from '#app/server/refusal.server.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'
import { meetingWaitlist } from '#app/server/waitlist/meeting.server.ts'

/** `/meetings/{id}`: the organizer's meeting, the targets to move participants to, the slot picker, reminders. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, user, language, t, env } = await signedInPage(request, context)
  const now = Date.now()
  const viewer = { id: user.id, email: user.email, timeZone: user.timeZone }
  const found = await orNotFoundPage(ownedMeetingView(db, viewer, params.id ?? '', now))
  const view = found.view
  // Targets for moving participants: the organizer's other upcoming meetings (SPEC §7 shortActualList).
  const targets = (await shortActualList(db, viewer, now))
    .filter((m) => m.id !== found.meeting.id)
    .map((m) => ({ id: m.id, label: `${m.name} — ${m.date}, ${m.timeSlot}` }))
  // Change time: the slot picker for the chosen date (schedule date), fed by the availability engine.
  const url = new URL(request.url)
  const picked = pickedDate(url.searchParams.get('date'))
  const canPick = view.userEventInfo.status === 'upcoming' && found.meeting.eventTypeId !== null
  const slots =
    canPick && picked.date
      ? await pickerSlots(env, db, user.id, found.meeting.id, picked.date, user.timeZone, now)
      : null
  // A one-time meeting has no slots: any date and from/to, prefilled with its time in the organizer's zone.
  const current = {
    date: instantToZoned(user.timeZone, found.meeting.startAt).date,
    from: instantToZoned(user.timeZone, found.meeting.startAt).time,
    to: instantToZoned(user.timeZone, found.meeting.endAt).time,
  }
  return {
    title: `${view.eventTypeInfo.eventTypeName} — ${t('meetings:title')}`,
    current,
    meeting: view,
    targets,
    timeZone: user.timeZone,
    // What a person reads: the zone's name in their language, never the IANA id (issue 18).
    timeZoneName: zoneName(user.timeZone, language),
    canPick,
    picked: { ...picked, error: picked.error ? t(picked.error) : null },
    slots,
    minDate: instantToZoned(user.timeZone, now).date,
    reminders: (await reminderStatusesFor(db, user.id, found.meeting.id)) ?? [],
    waitlist: await meetingWaitlist(db, user.id, found.meeting, { timeZone: user.timeZone, language }),
  }
}
