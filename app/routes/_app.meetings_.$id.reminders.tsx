import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ReminderStatusList } from '#app/components/notify/reminder-status-list.tsx'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { reminderStatusesFor } from '#app/server/notify/statuses.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  const reminders = await reminderStatusesFor(db, user.id, params.id ?? '')
  if (!reminders) throw new Response(null, { status: 404 })
  return {
    title: getT(await getLanguage(request))('notify:remindersPage.metaTitle'),
    meetingId: params.id ?? '',
    reminders,
    timeZone: user.timeZone,
  }
}

/** `/meetings/{id}/reminders`: the meeting's reminder statuses (the meeting page can embed ReminderStatusList). */
export default function MeetingReminders() {
  const { reminders, timeZone, meetingId } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <div className="mx-auto max-w-2xl space-y-3">
      <Link to={`/meetings/${meetingId}`} className="text-sm text-primary hover:underline">
        ← {t('notify:openMeeting')}
      </Link>
      <ReminderStatusList reminders={reminders} timeZone={timeZone} />
    </div>
  )
}
