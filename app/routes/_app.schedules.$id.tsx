import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { redirect, useActionData, useLoaderData } from '@remix-run/react'
import { ScheduleEditor } from '#app/components/schedules/schedule-editor.tsx'
import { can } from '#app/domain/plans.ts'
import { scheduleFormSchema } from '#app/domain/schedules/schema.ts'
import { listTimeZones } from '#app/domain/time-zones/time-zones.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { type PageErrors, orNotFoundPage, pageData, refusalOf } from '#app/server/refusal.server.ts'
import { parseValue } from '#app/server/forms/parse.server.ts'
import { copySchedule, deleteSchedule, getSchedule, updateSchedule } from '#app/server/schedules/schedules.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { db, user, language } = await signedInPage(request, context)
  const schedule = await orNotFoundPage(getSchedule(db, user.id, String(params.id)))
  const now = Date.now()
  return {
    title: `${schedule.name} — ${getT(language)('schedules:list.title')}`,
    schedule,
    timeZones: listTimeZones(language, now, schedule.timeZone).map((zone) => ({
      value: zone.ianaId,
      label: `${zone.displayName} — ${zone.name}`,
    })),
    canAdjust: can(user.plan, 'adjustments'),
    today: instantToZoned(schedule.timeZone, now).date,
    now,
  }
}

type ActionResult = { saved: boolean; errors: PageErrors | null }

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { db, user, t } = await signedInPage(request, context)
  const id = String(params.id)
  const form = await request.formData()
  const intent = String(form.get('intent'))
  try {
    if (intent === 'delete') {
      await deleteSchedule(db, user, id)
      return redirect('/schedules')
    }
    if (intent === 'copy') {
      const copy = await copySchedule(db, user, id)
      return redirect(`/schedules/${copy.id}`)
    }
    const saved = await getSchedule(db, user.id, id)
    const parsed = parseValue(form, scheduleFormSchema({ now: Date.now(), saved: saved.adjustments }), t)
    if (!parsed.ok) return pageData(parsed.errors, t, (errors): ActionResult => ({ saved: false, errors }))
    await updateSchedule(db, user, id, parsed.value)
    return { saved: true, errors: null } satisfies ActionResult
  } catch (error) {
    return pageData(refusalOf(error), t, (errors): ActionResult => ({ saved: false, errors }))
  }
}

/** `/schedules/{id}`: weekly hours, copying days, adjustments and day-offs, a two-week preview. */
export default function ScheduleRoute() {
  const data = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <ScheduleEditor key={data.schedule.id} {...data} result={result ?? null} />
}
