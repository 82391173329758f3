import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PostButton } from '#app/components/ui/post-button.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { isPasswordProvider, readableLabel } from '#app/domain/calendars/rules.ts'
import type { CalendarActionAnswer, CalendarsPageData } from '#app/server/calendars/integrations-page.server.ts'
import { ConnectForm, ReconsentForm } from './connect-form.tsx'

type Integration = CalendarsPageData['integrations'][number]

/** The id of the one form every "write here" radio belongs to (the radios sit in many cards). */
export const WRITE_TARGET_FORM = 'calendar-write-target'

/** Only a plain hex colour reaches the style attribute (a provider's colour is outside data). */
const safeColor = (color: string | null) => (color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : null)

/**
 * One connected account on its provider's card (SPEC §2, §4): label and login, active or disabled, the sync status
 * and last update, the last problem, and the error border when depressed or when the last sync failed; per calendar,
 * whether it blocks time and whether new meetings are written to it. Every control is a plain form (no script needed).
 */
export function IntegrationItem({
  integration,
  writeTarget,
  answer,
}: {
  integration: Integration
  writeTarget: { integrationId: string; calendarId: string } | null
  answer: CalendarActionAnswer | undefined
}) {
  const { t } = useTranslation()
  const pending = usePending(integration.id)
  const mine = answer && answer.intent !== 'connect' && answer.target === integration.id ? answer : undefined
  const status = integration.syncStatus
  return (
    <li
      id={`integration-${integration.id}`}
      data-testid="calendar-integration"
      data-error={integration.hasError ? 'true' : undefined}
      className={`flex flex-col gap-3 rounded-xl border-2 p-3 sm:p-4 ${integration.hasError ? 'border-error bg-error-soft/40' : 'border-line'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="break-words font-semibold">{readableLabel(integration, t)}</h4>
          {integration.login ? (
            <p className="break-all text-sm text-muted">
              {t('calendars:integration.account', { login: integration.login })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-1.5">
          <span
            data-testid="integration-status"
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${integration.isActive ? 'bg-primary-soft text-primary' : 'bg-surface text-muted'}`}
          >
            {integration.isActive ? t('calendars:integration.active') : t('calendars:integration.disabled')}
          </span>
          <span
            data-testid="integration-sync"
            data-status={status}
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
              status === 'fail'
                ? 'bg-error-soft text-error'
                : status === 'success'
                  ? 'bg-success-soft text-success'
                  : 'bg-surface text-muted'
            }`}
          >
            {t(`calendars:integration.sync.${status}`)}
          </span>
        </div>
      </div>
      <p className="text-xs text-muted">
        {integration.lastUpdateText
          ? t('calendars:integration.lastUpdate', { when: integration.lastUpdateText })
          : t('calendars:integration.neverUpdated')}
      </p>
      {integration.problem ? (
        <p className="text-sm text-error" role="alert" data-testid="integration-problem">
          {t(`calendars:problem.${integration.problem}`)}
        </p>
      ) : null}
      <FormErrors errors={mine?.errors?.formErrors} />

      {integration.calendars.length === 0 ? (
        <p className="text-sm text-muted">{t('calendars:integration.noCalendars')}</p>
      ) : (
        <div>
          <h5 className="text-sm font-medium">{t('calendars:integration.calendarsTitle')}</h5>
          <ul className="mt-1 divide-y divide-line">
            {integration.calendars.map((calendar) => {
              const color = safeColor(calendar.color)
              const isTarget = writeTarget?.integrationId === integration.id && writeTarget.calendarId === calendar.id
              return (
                <li key={calendar.id} className="flex flex-col gap-1.5 py-2" data-testid="integration-calendar">
                  <span className="flex min-w-0 items-center gap-2 text-sm">
                    <span
                      aria-hidden="true"
                      className="inline-block size-3 shrink-0 rounded-full border border-line"
                      style={color ? { backgroundColor: color } : undefined}
                    />
                    <span className="break-words">{calendar.name}</span>
                  </span>
                  <span className="flex flex-wrap items-center gap-x-5 gap-y-2 pl-5">
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="busySource" />
                      <input type="hidden" name="id" value={integration.id} />
                      <input type="hidden" name="calendarId" value={calendar.id} />
                      <input type="hidden" name="isBusySource" value={String(!calendar.isBusySource)} />
                      <button
                        type="submit"
                        role="switch"
                        aria-checked={calendar.isBusySource}
                        data-testid="busy-toggle"
                        disabled={pending('busySource', ['calendarId', calendar.id])}
                        className="flex min-h-6 items-center gap-2 text-sm disabled:opacity-60"
                      >
                        <span
                          aria-hidden="true"
                          className={`relative inline-block h-5 w-9 rounded-full transition-colors ${calendar.isBusySource ? 'bg-primary' : 'bg-line'}`}
                        >
                          <span
                            className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-all ${calendar.isBusySource ? 'left-[18px]' : 'left-0.5'}`}
                          />
                        </span>
                        {t('calendars:integration.blocksTime')}
                        <span className="sr-only">
                          {calendar.isBusySource
                            ? t('calendars:integration.blocksTimeOn')
                            : t('calendars:integration.blocksTimeOff')}
                        </span>
                      </button>
                    </Form>
                    {calendar.canWrite ? (
                      <label className="flex min-h-6 items-center gap-2 text-sm">
                        <input
                          // Remounted when the saved choice changes, so the default follows the server's answer.
                          key={String(isTarget)}
                          type="radio"
                          name="target"
                          value={`${integration.id}:${calendar.id}`}
                          form={WRITE_TARGET_FORM}
                          defaultChecked={isTarget}
                          disabled={!integration.isActive}
                          data-testid="write-target"
                          className="size-4 accent-[var(--color-primary)]"
                          // With script, choosing is saving; without it, the form's button saves.
                          onChange={(event) => event.currentTarget.form?.requestSubmit()}
                        />
                        {t('calendars:integration.writeHere')}
                      </label>
                    ) : (
                      <span className="text-xs text-muted">{t('calendars:integration.readOnly')}</span>
                    )}
                  </span>
                </li>
              )
            })}
          </ul>
        </div>
      )}

      {/* A depressed account is connected again: a new password, or a new consent at Google or Microsoft. */}
      {!integration.isDepressed ? null : isPasswordProvider(integration.provider) ? (
        <ConnectForm
          provider={integration.provider}
          formId={`reconnect-${integration.id}`}
          answer={answer}
          fixed={{ login: integration.login, url: integration.url }}
        />
      ) : (
        <ReconsentForm provider={integration.provider} formId={`reconnect-${integration.id}`} answer={answer} />
      )}

      <div className="flex flex-wrap items-center gap-2">
        <AccountAction id={integration.id} intent="refresh" testId="integration-refresh">
          {t('calendars:integration.refresh')}
        </AccountAction>
        <AccountAction
          id={integration.id}
          intent="status"
          extra={{ isActive: String(!integration.isActive) }}
          testId="integration-switch"
        >
          {integration.isActive ? t('calendars:integration.disable') : t('calendars:integration.enable')}
        </AccountAction>
        {/* A confirm that needs no script: the question opens under the button, its form deletes. */}
        <details className="group">
          <summary className="btn-ghost cursor-pointer list-none text-error [&::-webkit-details-marker]:hidden">
            {t('calendars:integration.delete')}
          </summary>
          <div className="mt-2 rounded-lg border border-error bg-card p-3">
            <p className="font-medium">
              {t('calendars:integration.deleteTitle', { label: readableLabel(integration, t) })}
            </p>
            <p className="mt-1 text-sm text-muted">{t('calendars:integration.deleteText')}</p>
            <AccountAction
              id={integration.id}
              intent="delete"
              variant="danger"
              className="mt-3"
              testId="integration-delete"
            >
              {t('calendars:integration.deleteConfirm')}
            </AccountAction>
          </div>
        </details>
      </div>
    </li>
  )
}

/** Whether a post of `intent` for the account `id` (and the `extra` field's value, if given) is under way. */
function usePending(id: string) {
  const navigation = useNavigation()
  return (intent: string, extra?: [string, string]) =>
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData?.get('id') === id &&
    (!extra || navigation.formData?.get(extra[0]) === extra[1])
}

/** A button posting `intent` (and `extra` fields) for the account `id`; it spins while that post runs. */
function AccountAction({
  id,
  intent,
  extra,
  variant = 'secondary',
  className,
  testId,
  children,
}: {
  id: string
  intent: 'refresh' | 'status' | 'delete'
  extra?: Record<string, string>
  variant?: 'secondary' | 'danger'
  className?: string
  testId: string
  children: ReactNode
}) {
  const pending = usePending(id)
  return (
    <PostButton
      className={className}
      fields={{ intent, id, ...extra }}
      variant={variant}
      loading={pending(intent)}
      data-testid={testId}
    >
      {children}
    </PostButton>
  )
}
