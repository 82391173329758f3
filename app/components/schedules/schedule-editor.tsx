import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PlanLimitModal } from '#app/components/event-types/plan-limit-modal.tsx'
import { ItemPageHeader } from '#app/components/ui/item-page-header.tsx'
import { DeleteButton } from '#app/components/ui/confirm-dialog.tsx'
import { CheckboxField, Field, FormErrors, SelectField } from '#app/components/ui/field.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import { firstTexts, issueErrors } from '#app/i18n/zod-errors.ts'
import {
  WEEKDAYS,
  type WeeklyDay,
  intervalsOf,
  previewWorkingHours,
  toEngineSchedule,
} from '#app/domain/schedules/editing.ts'
import { scheduleSchema } from '#app/domain/schedules/schema.ts'
import { dmyToIso, isoToDmy } from '#app/domain/time/index.ts'
import type { ScheduleView } from '#app/server/schedules/schedules.server.ts'
import { AdjustmentsEditor, type DatedAdjustment } from './adjustments-editor.tsx'
import { SchedulePreview } from './schedule-preview.tsx'
import { WeeklyHours } from './weekly-hours.tsx'
import { cheapestPlanWith } from '#app/domain/plans.ts'
import { SaveBar } from '#app/components/ui/save-bar.tsx'

type Props = {
  schedule: ScheduleView
  timeZones: { value: string; label: string }[]
  canAdjust: boolean
  today: string
  /** The loader's clock: the rules "now" while typing (the server checks again on save). */
  now: number
  result: {
    saved: boolean
    errors: { fieldErrors: Record<string, string[]>; formErrors: string[]; planLimit: boolean } | null
  } | null
}

export function ScheduleEditor({ schedule, timeZones, canAdjust, today, now, result }: Props) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [name, setName] = useState(schedule.name)
  const [timeZone, setTimeZone] = useState(schedule.timeZone)
  const [isDefault, setIsDefault] = useState(schedule.isDefault)
  const [weekly, setWeekly] = useState<WeeklyDay[]>(schedule.weekly)
  const [adjustments, setAdjustments] = useState<DatedAdjustment[]>(
    schedule.adjustments.map((adjustment) => ({ ...adjustment, date: dmyToIso(adjustment.date) })),
  )
  const [planLimitOpen, setPlanLimitOpen] = useState(false)
  const [submitted, setSubmitted] = useState<string | null>(null)

  useEffect(() => {
    if (result?.saved) showToast(t('schedules:editor.saved'), { kind: 'success' })
    if (result?.errors?.planLimit) setPlanLimitOpen(true)
  }, [result, t])

  const body = {
    name,
    timeZone,
    isDefault,
    weekly: WEEKDAYS.map((weekday) => ({ weekday, intervals: intervalsOf(weekly, weekday) })),
    adjustments: adjustments.map((adjustment) => ({ ...adjustment, date: isoToDmy(adjustment.date) })),
  }
  const payload = JSON.stringify(body)

  // SPEC §5 "a schedule with errors blocks saving": the save's own schema, run as you type. The server's answer
  // shows only for the payload it judged (a rule the page cannot know, such as the date turning over).
  const rules = useMemo(() => scheduleSchema({ now, saved: schedule.adjustments }), [now, schedule.adjustments])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the payload string stands for the body
  const typedErrors = useMemo(() => {
    const parsed = rules.safeParse(body)
    return parsed.success ? {} : firstTexts(issueErrors(parsed.error.issues, t).fieldErrors)
  }, [payload, rules, t])
  const invalid = Object.keys(typedErrors).length > 0
  const serverErrors = submitted === payload ? (result?.errors?.fieldErrors ?? {}) : {}
  const fieldErrors = invalid ? typedErrors : firstTexts(serverErrors)
  const hoursInvalid = Object.keys(typedErrors).some((path) => /^(weekly|adjustments)\.|^timeZone$/.test(path))

  // The preview shows only a valid schedule: invalid intervals are no working hours.
  const preview = useMemo(
    () => (hoursInvalid ? null : previewWorkingHours(toEngineSchedule({ timeZone, weekly, adjustments }), today)),
    [hoursInvalid, weekly, adjustments, timeZone, today],
  )

  return (
    <section data-testid="schedule-editor" className="flex flex-col gap-6">
      <ItemPageHeader
        back={{ to: '/schedules', label: t('schedules:list.title') }}
        title={schedule.name}
        align="items-center"
        actions={
          <>
            <Form method="post">
              <button type="submit" name="intent" value="copy" className="btn-secondary">
                {t('schedules:list.copy')}
              </button>
            </Form>
            {schedule.isDefault ? null : <DeleteButton keys="schedules:list" action={`/schedules/${schedule.id}`} />}
          </>
        }
      />

      <Form method="post" className="flex flex-col gap-6" noValidate onSubmit={() => setSubmitted(payload)}>
        <input type="hidden" name="payload" value={payload} />
        <FormErrors errors={result?.errors?.formErrors} />
        <div className="card grid gap-4 p-5 md:grid-cols-2">
          <Field
            label={t('schedules:editor.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            errors={[fieldErrors.name]}
            maxLength={200}
          />
          <SelectField
            label={t('schedules:editor.timeZone')}
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
            options={timeZones}
            errors={[fieldErrors.timeZone]}
          />
          <CheckboxField
            label={t('schedules:editor.isDefault')}
            checked={isDefault}
            disabled={schedule.isDefault}
            onChange={(event) => setIsDefault(event.target.checked)}
          />
        </div>

        <WeeklyHours weekly={weekly} onChange={setWeekly} fieldErrors={fieldErrors} />
        <AdjustmentsEditor
          adjustments={adjustments}
          onChange={setAdjustments}
          fieldErrors={fieldErrors}
          canAdjust={canAdjust}
          onLocked={() => setPlanLimitOpen(true)}
          today={today}
          timeZone={timeZone}
        />
        <SchedulePreview preview={preview} />

        <SaveBar
          note={
            invalid ? (
              <span className="text-sm text-error" data-testid="schedule-invalid">
                {t('schedules:editor.fixErrors')}
              </span>
            ) : null
          }
          label={t('schedules:editor.save')}
          intent="save"
          disabled={navigation.state !== 'idle' || invalid}
        />
      </Form>

      <PlanLimitModal
        open={planLimitOpen}
        onClose={() => setPlanLimitOpen(false)}
        availableFrom={cheapestPlanWith('adjustments')}
      />
    </section>
  )
}
