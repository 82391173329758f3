import { Form, Link, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ProviderKey } from '#app/domain/calendars/rules.ts'
import type { CalendarActionAnswer, CalendarsPageData } from '#app/server/calendars/integrations-page.server.ts'
import { Button } from '#app/components/ui/button.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { ConnectForm } from './connect-form.tsx'
import { IntegrationItem } from './integration-item.tsx'
import { plansPath } from '#app/domain/plans.ts'

/**
 * One provider's card on /integrations (SPEC §2): its connected accounts, then the way to connect one (more). A
 * second account of the same type on a plan without it shows the "Available from" badge instead (SPEC §6): a link to
 * the plans that opens the plan's modal when script runs.
 */
export function ProviderCard({
  provider,
  data,
  answer,
  onLocked,
}: {
  provider: ProviderKey
  data: CalendarsPageData
  answer: CalendarActionAnswer | undefined
  onLocked: () => void
}) {
  const { t } = useTranslation()
  const integrations = data.integrations.filter((integration) => integration.provider === provider)
  const canAdd = data.canAdd[provider]
  const posted = answer?.intent === 'connect' && answer.target === provider
  const navigation = useNavigation()
  const consenting =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'consent' &&
    navigation.formData?.get('provider') === provider
  const openLabel = integrations.length > 0 ? t('calendars:connect.openAnother') : t('calendars:connect.open')
  const consentErrors =
    answer?.intent === 'consent' && answer.target === provider ? answer.errors?.formErrors : undefined
  return (
    <li
      className="card flex min-w-0 flex-col gap-3 p-4"
      data-testid={`calendar-${provider}`}
      aria-labelledby={`calendar-${provider}-title`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`calendar-${provider}-title`} className="font-semibold">
            {t(`calendars:providers.${provider}.name`)}
          </h3>
          <p className="text-sm text-muted">{t(`calendars:providers.${provider}.lead`)}</p>
        </div>
        {!canAdd ? (
          <Link
            to={plansPath(data.availableFrom)}
            data-testid={`plan-badge-${provider}`}
            onClick={(event) => {
              event.preventDefault()
              onLocked()
            }}
            className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary"
          >
            {t('eventTypes:plan.badge', { plan: data.availableFrom })}
          </Link>
        ) : null}
      </div>

      {integrations.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {integrations.map((integration) => (
            <IntegrationItem
              key={integration.id}
              integration={integration}
              writeTarget={data.writeTarget}
              answer={answer}
            />
          ))}
        </ul>
      ) : null}

      {!canAdd ? (
        <p className="text-sm text-muted" data-testid={`plan-note-${provider}`}>
          {t('calendars:connect.extraNeedsPlan', { plan: data.availableFrom })}{' '}
          <Link to={plansPath(data.availableFrom)} className="text-primary underline">
            {t('calendars:connect.toPlans')}
          </Link>
        </p>
      ) : provider === 'google' || provider === 'outlook' ? (
        // A plain form: the action answers with the provider's consent page (or why it cannot, in this deployment).
        <Form method="post" className="flex flex-col gap-2" data-testid={`connect-${provider}`}>
          <input type="hidden" name="intent" value="consent" />
          <input type="hidden" name="provider" value={provider} />
          <FormErrors errors={consentErrors} />
          <Button type="submit" variant="secondary" className="self-start" loading={consenting}>
            {openLabel}
          </Button>
        </Form>
      ) : (
        <details className="group" open={posted || undefined} data-testid={`connect-${provider}`}>
          <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
            {openLabel}
          </summary>
          <div className="mt-3">
            <ConnectForm provider={provider} formId={provider} answer={answer} />
          </div>
        </details>
      )}
    </li>
  )
}
