import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link, redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PlanLimitModal } from '#app/components/event-types/plan-limit-modal.tsx'
import { DeleteDialog } from '#app/components/ui/confirm-dialog.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { PostButton } from '#app/components/ui/post-button.tsx'
import { ListHead } from '#app/components/ui/list-head.tsx'
import { cheapestPlanAbove, withinLimit } from '#app/domain/plans.ts'
import { zoneName } from '#app/domain/time-zones/zone-names.ts'
import { pageData, refusalOf } from '#app/server/refusal.server.ts'
import {
  DEFAULT_WEEKLY,
  copySchedule,
  createSchedule,
  deleteSchedule,
  ensureDefaultSchedule,
  listSchedules,
} from '#app/server/schedules/schedules.server.ts'
import { withGoals } from '#app/server/analytics/goals.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, language, t } = await signedInPage(request, context)
  await ensureDefaultSchedule(db, user, t('schedules:defaultName'))
  const schedules = await listSchedules(db, user.id)
  return {
    title: t('schedules:list.metaTitle'),
    // Each zone named by its city in the interface language, never the IANA id (issue 18).
    schedules: schedules.map((schedule) => ({ ...schedule, zoneName: zoneName(schedule.timeZone, language) })),
    canAdd: withinLimit(user.plan, 'schedules', schedules.length),
    morePlan: cheapestPlanAbove(user.plan, 'schedules'),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user, t } = await signedInPage(request, context)
  const form = await request.formData()
  const intent = String(form.get('intent'))
  const id = String(form.get('id') ?? '')
  try {
    if (intent === 'create') {
      const created = await createSchedule(db, user, {
        name: t('schedules:list.newName'),
        timeZone: user.timeZone,
        isDefault: false,
        weekly: DEFAULT_WEEKLY,
        adjustments: [],
      })
      return withGoals(request, redirect(`/schedules/${created.id}`), 'createSchedule')
    }
    if (intent === 'copy') {
      const copy = await copySchedule(db, user, id)
      return withGoals(request, redirect(`/schedules/${copy.id}`), 'createSchedule')
    }
    if (intent === 'delete') {
      await deleteSchedule(db, user, id)
      return { done: 'deleted' as const, errors: null }
    }
  } catch (error) {
    return pageData(refusalOf(error), t, (errors) => ({ done: null, errors }))
  }
  throw new Response(null, { status: 400 })
}

/** `/schedules`: the specialist's schedules (SPEC §2 "Schedule"). */
export default function Schedules() {
  const { schedules, canAdd, morePlan } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation()
  const [planLimitOpen, setPlanLimitOpen] = useState(false)
  const [deleting, setDeleting] = useState<string | null>(null)

  useEffect(() => {
    if (result?.errors?.planLimit) setPlanLimitOpen(true)
    if (result) setDeleting(null)
  }, [result])

  return (
    <section data-testid="schedules-page">
      <ListHead keys="schedules:list" canAdd={canAdd} onLocked={() => setPlanLimitOpen(true)}>
        {(label) => <PostButton fields={{ intent: 'create' }}>{label}</PostButton>}
      </ListHead>
      <div className="mt-4">
        <FormErrors errors={result?.errors?.formErrors} />
      </div>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {schedules.map((schedule) => (
          <li key={schedule.id} className="card flex flex-col gap-3 p-5" data-testid="schedule-card">
            <div className="flex items-start justify-between gap-2">
              <div>
                <Link to={`/schedules/${schedule.id}`} className="text-lg font-semibold hover:text-primary">
                  {schedule.name}
                </Link>
                <p className="text-sm text-muted">{schedule.zoneName}</p>
              </div>
              {schedule.isDefault ? (
                <span className="rounded-full bg-primary-soft px-2.5 py-1 text-xs font-medium text-primary">
                  {t('schedules:list.default')}
                </span>
              ) : null}
            </div>
            <ul className="text-sm text-muted">
              {schedule.weekly.map((day) => (
                <li key={day.weekday}>
                  <span className="inline-block w-8 font-medium text-ink">
                    {t(`schedules:weekdaysShort.${day.weekday}`)}
                  </span>
                  {day.intervals.map((interval) => `${interval.start}–${interval.end}`).join(', ')}
                </li>
              ))}
            </ul>
            <div className="mt-auto flex flex-wrap gap-2">
              <Link to={`/schedules/${schedule.id}`} className="btn-secondary">
                {t('schedules:list.edit')}
              </Link>
              <PostButton fields={{ id: schedule.id, intent: 'copy' }} variant="secondary">
                {t('schedules:list.copy')}
              </PostButton>
              {schedule.isDefault ? null : (
                <button type="button" className="btn-ghost text-error" onClick={() => setDeleting(schedule.id)}>
                  {t('schedules:list.delete')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <DeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        keys="schedules:list"
        action="/schedules?index"
        id={deleting ?? ''}
        loading={navigation.state === 'submitting'}
      />
      <PlanLimitModal open={planLimitOpen} onClose={() => setPlanLimitOpen(false)} availableFrom={morePlan} />
    </section>
  )
}
