import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from '@remix-run/cloudflare'
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { type FormSection, EventTypeForm } from '#app/components/event-types/event-type-form.tsx'
import { PlanLimitModal } from '#app/components/event-types/plan-limit-modal.tsx'
import { useUnsavedChanges } from '#app/components/event-types/use-unsaved-changes.ts'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { eventTypeFormSchema, newEventTypeValues } from '#app/domain/event-types/form-values.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import { issueErrors } from '#app/i18n/zod-errors.ts'
import { type Capability, cheapestPlanWith } from '#app/domain/plans.ts'
import { canAddEventType } from '#app/server/event-types/event-types.server.ts'
import { saveEventTypeForm } from '#app/server/event-types/page-actions.server.ts'
import { ensureDefaultSchedule, listSchedules } from '#app/server/schedules/schedules.server.ts'
import { withGoals } from '#app/server/analytics/goals.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { telemostState } from '#app/server/video/grants.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, t } = await signedInPage(request, context)
  await ensureDefaultSchedule(db, user, t('schedules:defaultName'))
  const schedules = await listSchedules(db, user.id)
  return {
    title: t('eventTypes:create.metaTitle'),
    schedules: schedules.map((schedule) => ({ id: schedule.id, name: schedule.name, isDefault: schedule.isDefault })),
    plan: user.plan,
    telemost: await telemostState(db, parseEnv(context.cloudflare.env), user.id),
    canAdd: await canAddEventType(db, user),
    // The wizard checks each step with the server's rules before "Next" (a period may not start before today).
    today: instantToZoned(user.timeZone, Date.now()).date,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user, t } = await signedInPage(request, context)
  const result = await saveEventTypeForm(db, user, await request.formData(), t)
  if (result.id) return withGoals(request, redirect(`/eventTypes/${result.id}?created=1`), 'createEvent')
  return data(result, { status: result.status })
}

const STEPS: { key: string; sections: FormSection[] }[] = [
  { key: 'type', sections: ['type'] },
  { key: 'base', sections: ['base'] },
  { key: 'availability', sections: ['availability'] },
  { key: 'schedule', sections: ['schedule'] },
]

/** Which step holds a field, so a refused submit opens the step with the error. */
function stepOf(path: string): number {
  if (path === 'participantType') return 0
  if (
    [
      'name',
      'link',
      'description',
      'color',
      'eventTypePlaceType',
      'meetingPoint',
      'whoCallType',
      'durationInMinutes',
      'durationType',
      'durationValue',
      'durationValueType',
    ].includes(path)
  )
    return 1
  if (path === 'scheduleId') return 3
  return 2
}

/**
 * The errors of one step by the same rules the server applies (issue 18: "Next" checks the step first), read from
 * the whole form: the other steps' fields stay in it, hidden.
 */
function stepErrors(form: HTMLFormElement, step: number, today: string, t: TFunction): Record<string, string[]> {
  const parsed = eventTypeFormSchema({ today }).safeParse(new FormData(form))
  if (parsed.success) return {}
  const { fieldErrors, formErrors } = issueErrors(parsed.error.issues, t)
  const all = formErrors.length > 0 ? { ...fieldErrors, '': formErrors } : fieldErrors
  return Object.fromEntries(Object.entries(all).filter(([path]) => stepOf(path) === step))
}

/** `/eventTypes/create`: the wizard (type, base settings, availability, schedule). */
export default function CreateEventType() {
  const { schedules, plan, canAdd, today, telemost } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation()
  const defaultSchedule = schedules.find((schedule) => schedule.isDefault) ?? schedules[0]
  const [initial] = useState(() => newEventTypeValues(defaultSchedule?.id ?? ''))
  const [values, setValues] = useState(initial)
  const [linkTouched, setLinkTouched] = useState(false)
  const [step, setStep] = useState(0)
  const [locked, setLocked] = useState<Capability | null>(null)
  const [planLimitOpen, setPlanLimitOpen] = useState(!canAdd)
  const formRef = useRef<HTMLFormElement>(null)
  const [checked, setChecked] = useState<Record<string, string[]> | null>(null)
  const errors = checked ?? result?.errors?.fieldErrors ?? {}
  // SPEC §4: leaving the wizard with anything typed asks first, as the edit page does.
  const blocker = useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(initial))

  useEffect(() => {
    if (!result?.errors) return
    setChecked(null)
    if (result.errors.planLimit) setPlanLimitOpen(true)
    const first = Object.keys(result.errors.fieldErrors)[0]
    if (first) setStep(stepOf(first))
  }, [result])

  const last = step === STEPS.length - 1
  return (
    <section data-testid="event-type-wizard" className="flex flex-col gap-6">
      <div>
        <Link to="/eventTypes" className="text-sm text-primary">
          ← {t('eventTypes:list.title')}
        </Link>
        <h1 className="text-2xl font-semibold">{t('eventTypes:create.title')}</h1>
      </div>
      <ol className="flex flex-wrap gap-2 text-sm" aria-label={t('eventTypes:create.steps')}>
        {STEPS.map((item, index) => (
          <li
            key={item.key}
            aria-current={index === step ? 'step' : undefined}
            className={`rounded-full px-3 py-1 ${index === step ? 'bg-primary text-white' : 'bg-card text-muted'}`}
          >
            {index + 1}. {t(`eventTypes:create.step.${item.key}`)}
          </li>
        ))}
      </ol>
      <Form method="post" className="flex flex-col gap-6" noValidate ref={formRef}>
        <FormErrors errors={result?.errors?.formErrors} />
        <EventTypeForm
          values={values}
          onChange={setValues}
          saved={initial}
          errors={errors}
          schedules={schedules}
          plan={plan}
          telemost={telemost}
          returnTo="/eventTypes/create"
          linkFollowsName={!linkTouched}
          onLinkTouched={() => setLinkTouched(true)}
          onLocked={setLocked}
          visible={[...STEPS[step].sections, ...(last ? (['more'] as const) : [])]}
        />
        <div className="flex flex-wrap justify-between gap-2">
          <button type="button" className="btn-secondary" disabled={step === 0} onClick={() => setStep(step - 1)}>
            {t('eventTypes:create.back')}
          </button>
          {last ? (
            <button type="submit" className="btn-primary" disabled={navigation.state !== 'idle'}>
              {t('eventTypes:create.submit')}
            </button>
          ) : (
            <button
              type="button"
              className="btn-primary"
              onClick={(event) => {
                event.preventDefault()
                const found = formRef.current ? stepErrors(formRef.current, step, today, t) : {}
                setChecked(found)
                if (Object.keys(found).length > 0) {
                  // The first field with an error takes the focus, so its message is read out.
                  requestAnimationFrame(() =>
                    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
                  )
                  return
                }
                setStep(step + 1)
              }}
            >
              {t('eventTypes:create.next')}
            </button>
          )}
        </div>
      </Form>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('eventTypes:edit.unsavedTitle')}
        description={t('eventTypes:edit.unsavedText')}
        confirmLabel={t('eventTypes:edit.leave')}
        onConfirm={() => blocker.proceed?.()}
      />
      <PlanLimitModal
        open={planLimitOpen || locked !== null}
        onClose={() => {
          setPlanLimitOpen(false)
          setLocked(null)
        }}
        availableFrom={cheapestPlanWith(locked ?? 'moreEventTypes')}
      />
    </section>
  )
}
