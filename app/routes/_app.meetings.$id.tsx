import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import {
  ActionErrors,
  ContactLinks,
  MeetingHead,
  PlaceLine,
  SlotPicker,
} from '#app/components/meetings/meeting-parts.tsx'
import { MeetingConflicts } from '#app/components/meetings/meeting-conflicts.tsx'
import { MeetingWaitlist } from '#app/components/meetings/meeting-waitlist.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { DateField, TimeField } from '#app/components/ui/date-time-inputs.tsx'
import { TextareaField } from '#app/components/ui/field.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import { InviteeEmailsSchema, OneOffTimeSchema, pickedDate } from '#app/domain/meetings/rules.ts'
import { ReminderStatusList } from '#app/components/notify/reminder-status-list.tsx'
import { zoneName } from '#app/domain/time-zones/zone-names.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { requireUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { reminderStatusesFor } from '#app/server/notify/statuses.server.ts'
import { type HostCommand, type MeetingCommand, meetingCommand } from '#app/server/meetings/commands.server.ts'
import { findOwnedMeeting, ownedMeetingView, shortActualList } from '#app/server/meetings/meetings.server.ts'
import { type ActionAnswer, pageAction, parseForm } from '#app/server/meetings/page-errors.server.ts'
import { pickerSlots } from '#app/server/meetings/reschedule.server.ts'
import { instantToZoned, readTypedDate, readTypedTime, zonedToInstant } from '#app/domain/time/index.ts'
import { orNotFoundPage, refuse } from '#app/server/refusal.server.ts'
import { meetingWaitlist, removeFromWaitlist } from '#app/server/waitlist/meeting.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/** Emails typed one per line or separated by commas or spaces. */
function emailList(value: FormDataEntryValue | null): string[] {
  return String(value ?? '')
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean)
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const user = await requireUser(db, request)
  const language = await getLanguage(request)
  const t = getT(language)
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
      ? await pickerSlots(context.cloudflare.env, db, user.id, found.meeting.id, picked.date, user.timeZone, now)
      : null
  // A one-off meeting has no slots: any date and from/to, prefilled with its time in the organizer's zone.
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

export async function action({ request, context, params }: ActionFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const user = await requireUser(db, request)
  const t = getT(await getLanguage(request))
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const id = params.id ?? ''
  const command = <T,>(input: HostCommand) =>
    meetingCommand<T>(context.cloudflare.env, { ...input, ownerId: user.id } as MeetingCommand)
  return pageAction(
    intent,
    t,
    async () => {
      switch (intent) {
        case 'reschedule': {
          const start = Date.parse(String(form.get('start') ?? ''))
          if (Number.isNaN(start)) refuse('required', 'start')
          return command({ kind: 'reschedule', meetingId: id, start })
        }
        case 'rescheduleOneOff': {
          // A one-off meeting: any date and from/to, read in the organizer's zone (as the page shows times).
          // Named by the fields' own labels ("Новая дата: Некорректная дата"), as the page shows them.
          const input = parseForm(
            t,
            OneOffTimeSchema,
            {
              date: String(form.get('date') ?? ''),
              from: String(form.get('from') ?? ''),
              to: String(form.get('to') ?? ''),
            },
            (path) => t(`meetings:reschedule.${String(path[0] ?? 'date')}`),
          )
          const start = zonedToInstant(user.timeZone, input.date, input.from)
          const end = zonedToInstant(user.timeZone, input.date, input.to)
          return command({
            kind: 'reschedule',
            meetingId: id,
            start,
            end,
            ignoreOverlap: form.get('ignoreOverlap') === 'true',
          })
        }
        case 'held':
          return command({ kind: 'held', meetingId: id, isFailed: form.get('isFailed') === 'true' })
        case 'cancel':
          return command({ kind: 'cancel', meetingId: id, participantIds: null })
        case 'cancelParticipant':
          return command({ kind: 'cancel', meetingId: id, participantIds: [String(form.get('participantId') ?? '')] })
        case 'adjutants': {
          const emails = parseForm(t, z.object({ adjutantEmails: InviteeEmailsSchema }), {
            adjutantEmails: emailList(form.get('adjutantEmails')),
          }).adjutantEmails
          return command({ kind: 'adjutants', meetingId: id, emails })
        }
        case 'visitors': {
          await findOwnedMeeting(db, user.id, id)
          const emails = parseForm(t, z.object({ emails: InviteeEmailsSchema.pipe(z.array(z.string()).min(1)) }), {
            emails: emailList(form.get('emails')),
          }).emails
          return command({ kind: 'addVisitors', participantId: String(form.get('participantId') ?? ''), emails })
        }
        case 'removeVisitor':
          return command({
            kind: 'removeVisitor',
            participantId: String(form.get('participantId') ?? ''),
            visitorId: String(form.get('visitorId') ?? ''),
          })
        case 'move': {
          const input = parseForm(
            t,
            z.object({ participantIds: z.array(z.string().min(1)).min(1), target: z.string().min(1) }),
            { participantIds: form.getAll('participantIds').map(String), target: String(form.get('target') ?? '') },
          )
          await findOwnedMeeting(db, user.id, id)
          return command({ kind: 'move', participantIds: input.participantIds, targetMeetingId: input.target })
        }
        case 'removeWaitlistEntry':
          return removeFromWaitlist(context.cloudflare.env, user.id, String(form.get('entryId') ?? ''))
        default:
          throw new Response(null, { status: 400 })
      }
    },
    // A one-off time the page shows again after a refusal: "Move anyway" resubmits what was typed, also without script.
    intent === 'rescheduleOneOff'
      ? { date: String(form.get('date') ?? ''), from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') }
      : undefined,
  )
}

/** `/meetings/{id}`: one meeting of the organizer with its actions (SPEC §2, §4). */
export default function MeetingDetail() {
  const { meeting, targets, timeZone, timeZoneName, canPick, picked, slots, minDate, reminders, current, waitlist } =
    useLoaderData<typeof loader>()
  const answer = useActionData<ActionAnswer<unknown>>()
  const navigation = useNavigation()
  const { t } = useTranslation()
  const [confirm, setConfirm] = useState<
    { kind: 'cancel' } | { kind: 'cancelParticipant'; id: string; name: string } | null
  >(null)
  const busy = navigation.state !== 'idle'
  const info = meeting.userEventInfo
  const type = meeting.eventTypeInfo
  const upcoming = info.status === 'upcoming'
  const liveContacts = meeting.contactInfos.filter((c) => !c.isCanceled)

  // SPEC §4, §8: a move into a meeting that lacked seats says the seats were added automatically.
  const seatsAdded =
    answer?.ok && answer.intent === 'move' ? (answer.result as { seatsAdded?: boolean; totalSeats?: number }) : null

  useEffect(() => {
    if (answer?.ok) {
      showToast(t(`meetings:done.${answer.intent}`), { kind: 'success' })
      setConfirm(null)
    }
  }, [answer, t])

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
          <PlaceLine icon={type.placeIcon} point={type.meetingPoint} />
          {type.description ? <p className="whitespace-pre-line text-sm text-muted">{type.description}</p> : null}
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
          {info.status === 'completed' ? (
            <Form method="post" className="flex items-center gap-2">
              <input type="hidden" name="intent" value="held" />
              <input type="hidden" name="isFailed" value={info.isFaild === true ? 'false' : 'true'} />
              <span className="text-sm">{info.isFaild === true ? t('meetings:held.no') : t('meetings:held.yes')}</span>
              <Button type="submit" variant="secondary" disabled={busy} data-testid="held-toggle">
                {info.isFaild === true ? t('meetings:held.markHeld') : t('meetings:held.markNotHeld')}
              </Button>
            </Form>
          ) : null}
          {info.status !== 'canceled' && upcoming ? (
            <Button variant="danger" onClick={() => setConfirm({ kind: 'cancel' })} data-testid="cancel-meeting">
              {t('meetings:actions.cancelMeeting')}
            </Button>
          ) : null}
          {info.isOneTime ? (
            <Link
              to={`/meetings/one-time-event/create?created=${encodeURIComponent(info.id)}`}
              className="btn-secondary"
              data-testid="oneoff-share"
            >
              {t('oneoff:created.shareAndInvitees')}
            </Link>
          ) : null}
        </div>
      </MeetingHead>

      {canPick ? (
        <section className="card p-5" aria-labelledby="reschedule-title" data-testid="reschedule">
          <h2 id="reschedule-title" className="text-lg font-semibold">
            {t('meetings:reschedule.title')}
          </h2>
          <SlotPicker minDate={minDate} picked={picked} slots={slots} zoneName={timeZoneName} busy={busy} />
        </section>
      ) : null}

      {upcoming && info.isOneTime ? (
        <OneOffReschedule
          current={current}
          minDate={minDate}
          zoneName={timeZoneName}
          busy={busy}
          conflict={answer && !answer.ok && answer.intent === 'rescheduleOneOff' && answer.status === 409}
          submitted={answer && !answer.ok && answer.intent === 'rescheduleOneOff' ? answer.submitted : undefined}
        />
      ) : null}

      {waitlist ? <MeetingWaitlist entries={waitlist} busy={busy} /> : null}

      <section className="card p-5" aria-labelledby="participants-title">
        <h2 id="participants-title" className="text-lg font-semibold">
          {t('meetings:participants.title')}
        </h2>
        <ul className="mt-3 divide-y divide-line">
          {meeting.contactInfos.map((contact) => {
            const name = `${contact.firstName} ${contact.lastName}`.trim()
            return (
              <li key={contact.id} className="space-y-2 py-3" data-testid="participant">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className={`font-medium ${contact.isCanceled ? 'text-muted line-through' : ''}`}>{name}</p>
                    <ContactLinks contact={contact} />
                    {contact.comment ? <p className="text-sm text-muted">{contact.comment}</p> : null}
                    {contact.tempCustomField ? (
                      <p className="text-sm text-muted" data-testid="participant-custom-field">
                        {t('meetings:participants.tempCustomField')}: {contact.tempCustomField}
                      </p>
                    ) : null}
                    {contact.companions.length > 0 ? (
                      <p className="text-sm text-muted" data-testid="participant-companions">
                        {t('meetings:participants.companions')}: {contact.companions.map((c) => c.email).join(', ')}
                      </p>
                    ) : null}
                  </div>
                  {upcoming && !contact.isCanceled ? (
                    <Button
                      variant="secondary"
                      onClick={() => setConfirm({ kind: 'cancelParticipant', id: contact.id, name })}
                      data-testid="cancel-participant"
                    >
                      {t('meetings:actions.cancelParticipant')}
                    </Button>
                  ) : null}
                </div>
                {contact.visitors.length > 0 ? (
                  <ul className="flex flex-wrap gap-2" aria-label={t('meetings:visitors.title')}>
                    {contact.visitors.map((visitor) => (
                      <li
                        key={visitor.id}
                        className="flex items-center gap-1 rounded-full bg-surface px-3 py-1 text-xs"
                        data-testid="visitor"
                      >
                        {visitor.email}
                        {upcoming ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="removeVisitor" />
                            <input type="hidden" name="participantId" value={contact.id} />
                            <input type="hidden" name="visitorId" value={visitor.id} />
                            <button
                              type="submit"
                              className="text-muted hover:text-error"
                              aria-label={t('meetings:visitors.remove', { email: visitor.email })}
                            >
                              ×
                            </button>
                          </Form>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {upcoming && !contact.isCanceled ? (
                  <Form method="post" className="flex flex-wrap items-end gap-2" data-testid="visitors-form">
                    <input type="hidden" name="intent" value="visitors" />
                    <input type="hidden" name="participantId" value={contact.id} />
                    <label className="flex grow flex-col gap-1 text-sm">
                      {t('meetings:visitors.add', { name })}
                      <input
                        name="emails"
                        type="text"
                        inputMode="email"
                        required
                        placeholder="guest@example.com"
                        className="rounded-lg border border-line bg-card px-3 py-2"
                      />
                    </label>
                    <Button type="submit" variant="secondary" disabled={busy}>
                      {t('meetings:visitors.submit')}
                    </Button>
                  </Form>
                ) : null}
              </li>
            )
          })}
        </ul>
      </section>

      {upcoming ? (
        <section className="card p-5" aria-labelledby="adjutants-title">
          <h2 id="adjutants-title" className="text-lg font-semibold">
            {t('meetings:adjutants.title')}
          </h2>
          <Form method="post" className="mt-3 space-y-3" data-testid="adjutants-form">
            <input type="hidden" name="intent" value="adjutants" />
            <TextareaField
              label={t('meetings:adjutants.label')}
              hint={t('meetings:adjutants.hint')}
              name="adjutantEmails"
              defaultValue={info.adjutants.map((a) => a.email).join('\n')}
              key={info.adjutants.map((a) => a.email).join(',')}
            />
            <Button type="submit" disabled={busy}>
              {t('meetings:adjutants.submit')}
            </Button>
          </Form>
        </section>
      ) : null}

      {upcoming && liveContacts.length > 0 && targets.length > 0 ? (
        <section className="card p-5" aria-labelledby="move-title">
          <h2 id="move-title" className="text-lg font-semibold">
            {t('meetings:move.title')}
          </h2>
          <Form method="post" className="mt-3 space-y-3" data-testid="move-form">
            <input type="hidden" name="intent" value="move" />
            <fieldset>
              <legend className="text-sm font-medium">{t('meetings:move.who')}</legend>
              {liveContacts.map((contact) => (
                <label key={contact.id} className="flex items-center gap-2 py-1 text-sm">
                  <input type="checkbox" name="participantIds" value={contact.id} />
                  {`${contact.firstName} ${contact.lastName}`.trim()}
                </label>
              ))}
            </fieldset>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('meetings:move.target')}
              <select name="target" required className="rounded-lg border border-line bg-card px-3 py-2 font-normal">
                {targets.map((target) => (
                  <option key={target.id} value={target.id}>
                    {target.label}
                  </option>
                ))}
              </select>
            </label>
            <p className="text-xs text-muted">{t('meetings:move.seatsHint')}</p>
            <Button type="submit" disabled={busy}>
              {t('meetings:move.submit')}
            </Button>
          </Form>
        </section>
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

/**
 * Change time of a one-off meeting (no event type, so no slots): a date and from/to in the organizer's zone. A time
 * that overlaps another meeting or finds an invitee busy asks "Move anyway?" (like creation's "Book anyway?"); the
 * answer resubmits the same values with `ignoreOverlap`.
 */
function OneOffReschedule({
  current,
  minDate,
  zoneName,
  busy,
  conflict,
  submitted,
}: {
  current: { date: string; from: string; to: string }
  minDate: string
  zoneName: string
  busy: boolean
  conflict: boolean | undefined
  /** What the refused form sent: shown again instead of the meeting's current time. */
  submitted?: Record<string, string>
}) {
  const { t } = useTranslation()
  const [values, setValues] = useState(() =>
    submitted
      ? {
          date: readTypedDate(submitted.date ?? '') ?? submitted.date ?? '',
          from: readTypedTime(submitted.from ?? '') ?? submitted.from ?? '',
          to: readTypedTime(submitted.to ?? '') ?? submitted.to ?? '',
        }
      : current,
  )
  return (
    <section className="card p-5" aria-labelledby="reschedule-title" data-testid="reschedule-oneoff">
      <h2 id="reschedule-title" className="text-lg font-semibold">
        {t('meetings:reschedule.title')}
      </h2>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="rescheduleOneOff" />
        <DateField
          label={t('meetings:reschedule.date')}
          name="date"
          required
          min={minDate}
          max="2099-12-31"
          value={values.date}
          onChange={(date) => setValues((previous) => ({ ...previous, date }))}
          className="w-full sm:w-44"
        />
        <TimeField
          label={t('meetings:reschedule.from')}
          name="from"
          required
          value={values.from}
          onChange={(from) => setValues((previous) => ({ ...previous, from }))}
          className="w-24"
        />
        <TimeField
          label={t('meetings:reschedule.to')}
          name="to"
          required
          value={values.to}
          onChange={(to) => setValues((previous) => ({ ...previous, to }))}
          className="w-24"
        />
        <span className="pb-2.5 text-sm text-muted">{zoneName}</span>
        <Button type="submit" disabled={busy}>
          {t('meetings:reschedule.submit')}
        </Button>
      </Form>
      {conflict ? (
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-2" data-testid="reschedule-anyway">
          <input type="hidden" name="intent" value="rescheduleOneOff" />
          <input type="hidden" name="date" value={values.date} />
          <input type="hidden" name="from" value={values.from} />
          <input type="hidden" name="to" value={values.to} />
          <input type="hidden" name="ignoreOverlap" value="true" />
          <span className="text-sm">{t('meetings:reschedule.anywayQuestion')}</span>
          <Button type="submit" variant="secondary" disabled={busy}>
            {t('meetings:reschedule.anyway')}
          </Button>
        </Form>
      ) : null}
    </section>
  )
}
