import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { ActionErrors, MeetingHead, PlaceLine } from '#app/components/meetings/meeting-parts.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import { InviteeEmailsSchema } from '#app/domain/meetings/rules.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { requireUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { addOwnVisitors, cancelOwnParticipation } from '#app/server/meetings/actions.server.ts'
import { ActionError } from '#app/server/meetings/errors.server.ts'
import { participantMeetingView } from '#app/server/meetings/meetings.server.ts'
import { type ActionAnswer, pageAction, parseForm } from '#app/server/meetings/page-errors.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const user = await requireUser(db, request)
  const t = getT(await getLanguage(request))
  const meeting = await participantMeetingView(db, user, params.id ?? '', Date.now()).catch((error) => {
    if (error instanceof ActionError) throw new Response(null, { status: 404 })
    throw error
  })
  return { title: `${meeting.meetingInfo.eventTypeName} — ${t('meetings:title')}`, meeting, timeZone: user.timeZone }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const user = await requireUser(db, request)
  const t = getT(await getLanguage(request))
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const id = params.id ?? ''
  return pageAction(intent, t, async () => {
    if (intent === 'cancel') return cancelOwnParticipation(db, user, id, Date.now(), parseEnv(context.cloudflare.env))
    if (intent === 'visitors') {
      const emails = parseForm(t, z.object({ emails: InviteeEmailsSchema.pipe(z.array(z.string()).min(1)) }), {
        emails: String(form.get('emails') ?? '')
          .split(/[\s,;]+/)
          .filter(Boolean),
      }).emails
      return addOwnVisitors(db, user, id, emails, Date.now())
    }
    throw new Response(null, { status: 400 })
  })
}

/** `/meetings/myMeetings/{id}`: a meeting the signed-in user is booked into (SPEC §3 participant view). */
export default function MyMeeting() {
  const { meeting, timeZone } = useLoaderData<typeof loader>()
  const answer = useActionData<ActionAnswer<unknown>>()
  const navigation = useNavigation()
  const { t } = useTranslation()
  const [confirm, setConfirm] = useState(false)
  const busy = navigation.state !== 'idle'
  const info = meeting.meetingInfo
  const organizer = `${meeting.organizerInfo.firstName} ${meeting.organizerInfo.lastName}`.trim()
  useEffect(() => {
    if (answer?.ok) {
      showToast(t(`meetings:done.${answer.intent}`), { kind: 'success' })
      setConfirm(false)
    }
  }, [answer, t])
  return (
    <section className="space-y-5" data-testid="my-meeting-detail">
      <Link to="/meetings?side=participant" className="text-sm text-primary">
        ← {t('meetings:backToList')}
      </Link>
      {answer && !answer.ok ? <ActionErrors errors={answer.errors} /> : null}
      <MeetingHead
        color={info.color}
        name={info.eventTypeName}
        date={info.date}
        timeSlot={info.timeSlot}
        zone={timeZone}
        organizer={organizer}
        status={meeting.status}
      >
        <div className="mt-3 space-y-2">
          <PlaceLine icon={info.placeIcon} point={info.meetingPoint} />
          {info.description ? <p className="whitespace-pre-line text-sm text-muted">{info.description}</p> : null}
          {meeting.memberInfo.visitors.length > 0 ? (
            <p className="text-sm">
              {t('meetings:visitors.title')}: {meeting.memberInfo.visitors.map((v) => v.email).join(', ')}
            </p>
          ) : null}
        </div>
        {meeting.status === 'upcoming' ? (
          <div className="mt-4 space-y-3">
            {meeting.memberInfo.role === 'member' ? (
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="visitors" />
                <label className="flex grow flex-col gap-1 text-sm">
                  {t('meetings:visitors.addMine')}
                  <input
                    name="emails"
                    required
                    inputMode="email"
                    className="rounded-lg border border-line bg-card px-3 py-2"
                  />
                </label>
                <Button type="submit" variant="secondary" disabled={busy}>
                  {t('meetings:visitors.submit')}
                </Button>
              </Form>
            ) : null}
            <Button variant="danger" onClick={() => setConfirm(true)}>
              {t('meetings:actions.cancelMine')}
            </Button>
          </div>
        ) : null}
      </MeetingHead>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title={t('meetings:confirm.mineTitle')}
        description={t('meetings:confirm.text')}
        confirmLabel={t('meetings:confirm.yes')}
        cancelLabel={t('meetings:confirm.no')}
        variant="danger"
        loading={busy}
        form={{ action: `/meetings/myMeetings/${meeting.id}`, fields: { intent: 'cancel' } }}
      />
    </section>
  )
}
