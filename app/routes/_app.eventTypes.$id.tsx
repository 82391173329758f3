import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EventTypeForm } from '#app/components/event-types/event-type-form.tsx'
import { EventTypeActions } from '#app/components/event-types/event-type-card.tsx'
import { SharePanel } from '#app/components/event-types/share-panel.tsx'
import { PlanLimitModal } from '#app/components/event-types/plan-limit-modal.tsx'
import { telemostState } from '#app/server/video/grants.server.ts'
import { useUnsavedChanges } from '#app/components/event-types/use-unsaved-changes.ts'
import { ItemPageHeader } from '#app/components/ui/item-page-header.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import { savedEventTypeValues } from '#app/domain/event-types/form-values.ts'
import { shareInfo } from '#app/domain/event-types/share.ts'
import { type Capability, can, cheapestPlanWith } from '#app/domain/plans.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { getEventType } from '#app/server/event-types/event-types.server.ts'
import { runListAction } from '#app/server/event-types/list-actions.server.ts'
import { saveEventTypeForm } from '#app/server/event-types/page-actions.server.ts'
import { orNotFoundPage } from '#app/server/refusal.server.ts'
import { listSchedules } from '#app/server/schedules/schedules.server.ts'
import { PausedNote } from '#app/components/event-types/paused-note.tsx'
import { SaveBar } from '#app/components/ui/save-bar.tsx'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { db, user, t } = await signedInPage(request, context)
  const eventType = await orNotFoundPage(getEventType(db, user.id, String(params.id)))
  const appUrl = parseEnv(context.cloudflare.env).APP_URL
  const schedules = await listSchedules(db, user.id)
  return {
    title: `${eventType.name} — ${t('eventTypes:list.title')}`,
    eventType,
    schedules: schedules.map((schedule) => ({ id: schedule.id, name: schedule.name })),
    plan: user.plan,
    telemost: await telemostState(db, parseEnv(context.cloudflare.env), user.id),
    login: user.login,
    appUrl,
    share: shareInfo(appUrl, user.login, eventType),
    isWidgetAllowed: can(user.plan, 'widgets'),
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { db, user, t } = await signedInPage(request, context)
  const id = String(params.id)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'save')
  if (intent === 'save') {
    const result = await saveEventTypeForm(db, user, form, t, id)
    return data(
      {
        saved: result.errors === null,
        toast: result.errors ? null : t('eventTypes:edit.saved'),
        errors: result.errors,
      },
      { status: result.status },
    )
  }
  form.set('id', id)
  if (intent === 'delete') form.set('redirectTo', 'list')
  const { status, ...result } = await runListAction(db, user, form, t)
  return data({ saved: false, ...result }, { status })
}

/** `/eventTypes/{id}`: every form section of SPEC §2, the actions and the share panel. */
export default function EditEventType() {
  const data = useLoaderData<typeof loader>()
  return <EventTypeEditor key={data.eventType.id} {...data} />
}

function EventTypeEditor({
  eventType,
  schedules,
  plan,
  telemost,
  login,
  appUrl,
  share,
  isWidgetAllowed,
}: ReturnType<typeof useLoaderData<typeof loader>>) {
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const [params, setParams] = useSearchParams()
  const { t } = useTranslation()
  const [saved, setSaved] = useState(() => savedEventTypeValues(eventType))
  const [values, setValues] = useState(saved)
  const [locked, setLocked] = useState<Capability | 'limit' | null>(null)
  const [pendingTab, setPendingTab] = useState<string | null>(null)
  const tab = params.get('tab') === 'share' ? 'share' : 'settings'
  const dirty = JSON.stringify(values) !== JSON.stringify(saved)

  // After a save or any action the loader reloads: the saved values follow, and the form is clean again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new saved event type resets the form
  useEffect(() => {
    const next = savedEventTypeValues(eventType)
    setSaved(next)
    setValues((current) => (result?.saved || JSON.stringify(current) === JSON.stringify(saved) ? next : current))
  }, [eventType])

  useEffect(() => {
    if (!result) return
    if (result.toast) showToast(result.toast, { kind: 'success' })
    if (result.errors?.planLimit) setLocked('limit')
  }, [result])

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival from the wizard
  useEffect(() => {
    if (params.get('created')) showToast(t('eventTypes:create.created'), { kind: 'success' })
  }, [])

  // SPEC §4: warn before leaving with unsaved changes (links inside the app and closing the tab).
  const blocker = useUnsavedChanges(dirty)

  const switchTab = (next: string) => {
    if (next === tab) return
    if (dirty) setPendingTab(next)
    else setParams(next === 'share' ? { tab: 'share' } : {}, { replace: true })
  }

  return (
    <section data-testid="event-type-editor" className="flex flex-col gap-6">
      <ItemPageHeader
        back={{ to: '/eventTypes', label: t('eventTypes:list.title') }}
        title={eventType.name}
        note={
          <p className="text-sm text-muted">
            {eventType.isActive ? t('eventTypes:edit.active') : t('eventTypes:list.inactive')}
            {eventType.isShowOnSpecialistPage ? '' : ` · ${t('eventTypes:list.hiddenHint')}`}
          </p>
        }
        align="items-start"
        actions={<EventTypeActions eventType={eventType} buttonClassName="btn-secondary" />}
      />

      <PausedNote plan={plan} participantType={eventType.participantType} detailed />
      <div role="tablist" aria-label={t('eventTypes:edit.tabs')} className="flex gap-2 border-b border-line">
        {(['settings', 'share'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === name ? 'border-primary text-primary' : 'border-transparent text-muted'}`}
            onClick={() => switchTab(name)}
          >
            {t(`eventTypes:edit.tab.${name}`)}
          </button>
        ))}
      </div>

      {tab === 'share' ? (
        <SharePanel
          appUrl={appUrl}
          login={login}
          link={eventType.link}
          publicUrl={share.publicUrl}
          mailto={share.mailto}
          isWidgetAllowed={isWidgetAllowed}
          onLocked={() => setLocked('widgets')}
        />
      ) : (
        <Form method="post" className="flex flex-col gap-6" noValidate>
          <input type="hidden" name="intent" value="save" />
          <FormErrors errors={result?.errors?.formErrors} />
          <EventTypeForm
            values={values}
            onChange={setValues}
            saved={saved}
            errors={result?.errors?.fieldErrors ?? {}}
            schedules={schedules}
            plan={plan}
            telemost={telemost}
            returnTo={`/eventTypes/${eventType.id}`}
            eventTypeId={eventType.id}
            linkFollowsName={false}
            onLinkTouched={() => undefined}
            onLocked={setLocked}
            visible={['type', 'base', 'availability', 'schedule', 'more']}
          />
          <SaveBar
            note={dirty ? <span className="text-sm text-warning">{t('eventTypes:edit.unsaved')}</span> : null}
            label={t('eventTypes:edit.save')}
            disabled={navigation.state !== 'idle'}
          />
        </Form>
      )}

      <ConfirmDialog
        open={blocker.state === 'blocked' || pendingTab !== null}
        onClose={() => {
          if (blocker.state === 'blocked') blocker.reset()
          setPendingTab(null)
        }}
        title={t('eventTypes:edit.unsavedTitle')}
        description={t('eventTypes:edit.unsavedText')}
        confirmLabel={t('eventTypes:edit.leave')}
        onConfirm={() => {
          if (blocker.state === 'blocked') blocker.proceed()
          if (pendingTab) {
            setValues(saved)
            setParams(pendingTab === 'share' ? { tab: 'share' } : {}, { replace: true })
          }
          setPendingTab(null)
        }}
      />
      <PlanLimitModal
        open={locked !== null}
        onClose={() => setLocked(null)}
        availableFrom={cheapestPlanWith(locked && locked !== 'limit' ? locked : 'moreEventTypes')}
      />
    </section>
  )
}
