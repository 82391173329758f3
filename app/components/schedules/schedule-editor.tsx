import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TariffLimitModal } from '#app/components/event-types/tariff-limit-modal.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { CheckboxField, Field, FormErrors, SelectField } from '#app/components/ui/field.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import { issueText } from '#app/i18n/zod-errors.ts'
import {
  WEEKDAYS,
  type WeeklyDay,
  adjustmentConflict,
  copyDay,
  daysToReplace,
  intervalsOf,
  previewWorkingHours,
  putAdjustment,
  setDay,
  toEngineSchedule,
} from '#app/domain/schedules/editing.ts'
import { type ScheduleInterval, intervalIssues, scheduleSchema } from '#app/domain/schedules/schema.ts'
import { dmyToIso, instantToZoned, isIsoDate, isoToDmy } from '#app/domain/time/index.ts'
import type { ScheduleView } from '#app/server/schedules/schedules.server.ts'
import { DateField } from '#app/components/ui/date-time-inputs.tsx'
import { IntervalRows } from './interval-rows.tsx'
import { cheapestPlanWith } from '#app/domain/plans.ts'
import { PlanBadge } from '#app/components/event-types/form-parts.tsx'

type Props = {
  schedule: ScheduleView
  timeZones: { value: string; label: string }[]
  canAdjust: boolean
  today: string
  /** The loader's clock: the rules "now" while typing (the server checks again on save). */
  now: number
  result: {
    saved: boolean
    errors: { fieldErrors: Record<string, string[]>; formErrors: string[]; tariffLimit: boolean } | null
  } | null
}

type DatedAdjustment = { date: string; isDayOff: boolean; intervals: ScheduleInterval[] }

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
  const [tariffOpen, setTariffOpen] = useState(false)
  const [deleteOpen, setDeleteOpen] = useState(false)
  const [copyFrom, setCopyFrom] = useState<number | null>(null)
  const [copyTargets, setCopyTargets] = useState<number[]>([])
  const [confirmCopy, setConfirmCopy] = useState<number[] | null>(null)
  const [newDate, setNewDate] = useState('')
  const [newKind, setNewKind] = useState<'dayOff' | 'hours'>('dayOff')
  const [newIntervals, setNewIntervals] = useState<ScheduleInterval[]>([{ start: '10:00', end: '14:00' }])
  const [adjustmentNote, setAdjustmentNote] = useState<string | null>(null)
  const [confirmReplace, setConfirmReplace] = useState<DatedAdjustment | null>(null)
  const [submitted, setSubmitted] = useState<string | null>(null)

  useEffect(() => {
    if (result?.saved) showToast(t('schedules:editor.saved'), { kind: 'success' })
    if (result?.errors?.tariffLimit) setTariffOpen(true)
  }, [result, t])

  const weekdayName = (weekday: number) => t(`schedules:weekdays.${weekday}`)
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
    const errors: Record<string, string> = {}
    if (!parsed.success)
      for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issueText({ ...issue, path: [] }, t)
    return errors
  }, [payload, rules, t])
  const invalid = Object.keys(typedErrors).length > 0
  const serverErrors = submitted === payload ? (result?.errors?.fieldErrors ?? {}) : {}
  const fieldErrors = invalid
    ? typedErrors
    : Object.fromEntries(Object.entries(serverErrors).map(([path, texts]) => [path, texts[0]]))
  const hoursInvalid = Object.keys(typedErrors).some((path) => /^(weekly|adjustments)\.|^timeZone$/.test(path))

  // The preview shows only a valid schedule: invalid intervals are no working hours.
  const preview = useMemo(
    () => (hoursInvalid ? null : previewWorkingHours(toEngineSchedule({ timeZone, weekly, adjustments }), today)),
    [hoursInvalid, weekly, adjustments, timeZone, today],
  )
  const newIntervalErrors = Object.fromEntries(
    intervalIssues(newIntervals).map((issue) => [`${issue.index}.${issue.part}`, t(issue.message)]),
  )

  function applyCopy(targets: number[]) {
    if (copyFrom === null) return
    setWeekly(copyDay(weekly, copyFrom, targets))
    setCopyFrom(null)
    setConfirmCopy(null)
  }

  function addAdjustment() {
    setAdjustmentNote(null)
    if (!canAdjust) {
      setTariffOpen(true)
      return
    }
    if (!isIsoDate(newDate)) {
      setAdjustmentNote(t('validation:invalidDate'))
      return
    }
    // SPEC §5 "not in past", in the schedule's own zone.
    if (newDate < instantToZoned(timeZone, Date.now()).date) {
      setAdjustmentNote(t('schedules:errors.datePast'))
      return
    }
    if (newKind === 'hours' && Object.keys(newIntervalErrors).length > 0) {
      setAdjustmentNote(Object.values(newIntervalErrors)[0])
      return
    }
    const adjustment = {
      date: newDate,
      isDayOff: newKind === 'dayOff',
      intervals: newKind === 'dayOff' ? [] : newIntervals,
    }
    const conflict = adjustmentConflict(adjustments, newDate, adjustment.isDayOff)
    if (conflict === 'alreadyDayOff') setAdjustmentNote(t('schedules:editor.alreadyDayOff'))
    else if (conflict === 'replace') setConfirmReplace(adjustment)
    else setAdjustments(putAdjustment(adjustments, adjustment))
  }

  return (
    <section data-testid="schedule-editor" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to="/schedules" className="text-sm text-primary">
            ← {t('schedules:list.title')}
          </Link>
          <h1 className="text-2xl font-semibold">{schedule.name}</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <button type="submit" name="intent" value="copy" className="btn-secondary">
              {t('schedules:list.copy')}
            </button>
          </Form>
          {schedule.isDefault ? null : (
            <button type="button" className="btn-ghost text-error" onClick={() => setDeleteOpen(true)}>
              {t('schedules:list.delete')}
            </button>
          )}
        </div>
      </div>

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

        <fieldset className="card p-5">
          <legend className="px-1 text-lg font-semibold">{t('schedules:editor.weekly')}</legend>
          <ul className="divide-y divide-line">
            {WEEKDAYS.map((weekday) => {
              const intervals = intervalsOf(weekly, weekday)
              return (
                <li
                  key={weekday}
                  className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start"
                  data-testid={`weekday-${weekday}`}
                >
                  <div className="w-40 shrink-0">
                    <p className="font-medium">{weekdayName(weekday)}</p>
                    {intervals.length === 0 ? (
                      <p className="text-sm text-muted">{t('schedules:editor.dayOff')}</p>
                    ) : null}
                  </div>
                  <div className="flex-1">
                    <IntervalRows
                      label={weekdayName(weekday)}
                      intervals={intervals}
                      onChange={(next) => setWeekly(setDay(weekly, weekday, next))}
                      errors={(key) => fieldErrors[`weekly.${weekday - 1}.intervals.${key}`]}
                    />
                  </div>
                  <button
                    type="button"
                    className="btn-ghost self-start px-2 py-1"
                    disabled={intervals.length === 0}
                    onClick={() => {
                      setCopyFrom(weekday)
                      setCopyTargets([])
                    }}
                  >
                    {t('schedules:editor.copyTo')}
                  </button>
                </li>
              )
            })}
          </ul>
        </fieldset>

        <fieldset className="card p-5" data-testid="adjustments">
          <legend className="px-1 text-lg font-semibold">
            {t('schedules:editor.adjustments')}
            {canAdjust ? null : (
              <span className="ml-2">
                <PlanBadge plan={cheapestPlanWith('adjustments')} onClick={() => setTariffOpen(true)} />
              </span>
            )}
          </legend>
          <p className="text-sm text-muted">{t('schedules:editor.adjustmentsHint')}</p>
          {adjustments.length > 0 ? (
            <ul className="mt-3 divide-y divide-line">
              {adjustments.map((adjustment, index) => (
                <li
                  key={adjustment.date}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start"
                  data-testid="adjustment"
                >
                  <div className="w-40 shrink-0">
                    <p className="font-medium">{isoToDmy(adjustment.date)}</p>
                    {fieldErrors[`adjustments.${index}.date`] ? (
                      <p className="text-xs text-error" role="alert">
                        {fieldErrors[`adjustments.${index}.date`]}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex-1">
                    {adjustment.isDayOff ? (
                      <p className="text-sm">{t('schedules:editor.dayOffAdjustment')}</p>
                    ) : (
                      <IntervalRows
                        label={isoToDmy(adjustment.date)}
                        intervals={adjustment.intervals}
                        onChange={(next) =>
                          setAdjustments(
                            adjustments.map((item, i) => (i === index ? { ...item, intervals: next } : item)),
                          )
                        }
                        errors={(key) => fieldErrors[`adjustments.${index}.intervals.${key}`]}
                      />
                    )}
                    {fieldErrors[`adjustments.${index}.intervals`] ? (
                      <p className="text-xs text-error" role="alert">
                        {fieldErrors[`adjustments.${index}.intervals`]}
                      </p>
                    ) : null}
                  </div>
                  <button
                    type="button"
                    className="btn-ghost self-start px-2 py-1 text-error"
                    onClick={() => setAdjustments(adjustments.filter((_, i) => i !== index))}
                  >
                    {t('schedules:editor.removeAdjustment')}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-4 grid gap-3 rounded-xl bg-surface p-4 md:grid-cols-[auto_auto_1fr_auto] md:items-end">
            <DateField
              label={t('schedules:editor.adjustmentDate')}
              value={newDate}
              min={today}
              max="2099-12-31"
              onChange={setNewDate}
            />
            <SelectField
              label={t('schedules:editor.adjustmentKind')}
              value={newKind}
              onChange={(event) => setNewKind(event.target.value as 'dayOff' | 'hours')}
              options={[
                { value: 'dayOff', label: t('schedules:editor.kindDayOff') },
                { value: 'hours', label: t('schedules:editor.kindHours') },
              ]}
            />
            <div>
              {newKind === 'hours' ? (
                <IntervalRows
                  label={t('schedules:editor.newAdjustment')}
                  intervals={newIntervals}
                  onChange={setNewIntervals}
                  errors={(key) => newIntervalErrors[key]}
                />
              ) : null}
            </div>
            <button type="button" className="btn-secondary" onClick={addAdjustment}>
              {t('schedules:editor.addAdjustment')}
            </button>
            {adjustmentNote ? (
              <p className="text-sm text-warning md:col-span-4" role="status" data-testid="adjustment-note">
                {adjustmentNote}
              </p>
            ) : null}
          </div>
        </fieldset>

        <section className="card p-5" aria-labelledby="preview-title" data-testid="schedule-preview">
          <h2 id="preview-title" className="text-lg font-semibold">
            {t('schedules:editor.preview')}
          </h2>
          {preview ? (
            <ol className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-7">
              {preview.map((day) => (
                <li
                  key={day.date}
                  className={`rounded-lg border p-2 text-sm ${day.source === 'weekly' ? 'border-line' : 'border-primary'}`}
                >
                  <p className="font-medium">
                    {t(`schedules:weekdaysShort.${day.weekday}`)} {isoToDmy(day.date)}
                  </p>
                  {day.intervals.length === 0 ? (
                    <p className="text-muted">{t('schedules:editor.dayOff')}</p>
                  ) : (
                    day.intervals.map((interval) => (
                      <p key={interval.start}>
                        {interval.start}–{interval.end}
                      </p>
                    ))
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-sm text-muted">{t('schedules:editor.previewInvalid')}</p>
          )}
        </section>

        <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-3 border-t border-line bg-surface/95 px-4 py-3 sm:mx-0">
          {invalid ? (
            <span className="text-sm text-error" data-testid="schedule-invalid">
              {t('schedules:editor.fixErrors')}
            </span>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="save"
            className="btn-primary"
            disabled={navigation.state !== 'idle' || invalid}
          >
            {t('schedules:editor.save')}
          </button>
        </div>
      </Form>

      <Modal
        open={copyFrom !== null}
        onClose={() => setCopyFrom(null)}
        title={t('schedules:editor.copyTitle', { day: copyFrom ? t(`schedules:weekdaysAccusative.${copyFrom}`) : '' })}
        size="sm"
        footer={
          <button
            type="button"
            className="btn-primary"
            disabled={copyTargets.length === 0}
            onClick={() => {
              const replaced = copyFrom === null ? [] : daysToReplace(weekly, copyFrom, copyTargets)
              if (replaced.length > 0) setConfirmCopy(replaced)
              else applyCopy(copyTargets)
            }}
          >
            {t('schedules:editor.copyApply')}
          </button>
        }
      >
        <div className="flex flex-col gap-2">
          {WEEKDAYS.filter((weekday) => weekday !== copyFrom).map((weekday) => (
            <CheckboxField
              key={weekday}
              label={weekdayName(weekday)}
              checked={copyTargets.includes(weekday)}
              onChange={(event) =>
                setCopyTargets(
                  event.target.checked ? [...copyTargets, weekday] : copyTargets.filter((item) => item !== weekday),
                )
              }
            />
          ))}
        </div>
      </Modal>
      <ConfirmDialog
        open={confirmCopy !== null}
        onClose={() => setConfirmCopy(null)}
        title={t('schedules:editor.replaceDaysTitle')}
        description={t('schedules:editor.replaceDaysText', {
          days: (confirmCopy ?? []).map((weekday) => t(`schedules:weekdaysInText.${weekday}`)).join(', '),
        })}
        confirmLabel={t('schedules:editor.replace')}
        onConfirm={() => applyCopy(copyTargets)}
      />
      <ConfirmDialog
        open={confirmReplace !== null}
        onClose={() => setConfirmReplace(null)}
        title={t('schedules:editor.replaceAdjustmentTitle')}
        description={t('schedules:editor.replaceAdjustmentText', {
          date: confirmReplace ? isoToDmy(confirmReplace.date) : '',
        })}
        confirmLabel={t('schedules:editor.replace')}
        onConfirm={() => {
          if (confirmReplace) setAdjustments(putAdjustment(adjustments, confirmReplace))
          setConfirmReplace(null)
        }}
      />
      <ConfirmDialog
        open={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        title={t('schedules:list.deleteTitle')}
        description={t('schedules:list.deleteText')}
        confirmLabel={t('schedules:list.delete')}
        variant="danger"
        form={{ action: `/schedules/${schedule.id}`, fields: { intent: 'delete' } }}
      />
      <TariffLimitModal
        open={tariffOpen}
        onClose={() => setTariffOpen(false)}
        availableFrom={cheapestPlanWith('adjustments')}
      />
    </section>
  )
}
