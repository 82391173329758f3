import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { BackLink } from '#app/components/ui/back-link.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PostButton } from '#app/components/ui/post-button.tsx'
import { RowText } from '#app/components/ui/row-text.tsx'
import { CopyButton } from '#app/components/ui/copy-button.tsx'
import { Field, FormErrors, SelectField } from '#app/components/ui/field.tsx'
import { PAT_SCOPES } from '#app/domain/enums.ts'
import { PatCreateSchema, WEBHOOK_EVENT_TYPES, webhookCreateSchema } from '#app/domain/webhooks/rules.ts'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import type { IssueErrors } from '#app/i18n/zod-errors.ts'
import { parseForm } from '#app/server/forms/parse.server.ts'
import { pageDeps } from '#app/server/accounts/route.server.ts'
import { createPat, listPats, revokePat } from '#app/server/auth/pat.server.ts'
import { requireUser } from '#app/server/auth/session.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
} from '#app/server/webhooks/webhooks.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const handle: I18nHandle = { i18n: ['developer', 'validation'] }

export const meta = titleMeta

/** Deliveries each endpoint shows on the page (the API answers up to 50). */
const SHOWN_DELIVERIES = 10

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { deps, t, language } = await pageDeps(request, context)
  const user = await requireUser(deps.db, request)
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium', timeZone: user.timeZone })
  const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : null)
  const endpoints = await listEndpoints(deps.db, user.id)
  return {
    title: t('developer:title'),
    isProduction: parseEnv(context.cloudflare.env).ENVIRONMENT !== 'development',
    tokens: (await listPats(deps.db, user.id)).map((token) => ({
      ...token,
      createdAt: at(token.createdAt),
      lastUsedAt: at(token.lastUsedAt),
    })),
    endpoints: await Promise.all(
      endpoints.map(async (endpoint) => ({
        ...endpoint,
        deliveries: ((await listDeliveries(deps.db, user.id, endpoint.id)) ?? [])
          .slice(0, SHOWN_DELIVERIES)
          .map((delivery) => ({
            ...delivery,
            createdAt: at(delivery.createdAt),
            attempts: delivery.attempts.map((attempt) => ({ ...attempt, at: at(attempt.at) })),
          })),
      })),
    ),
  }
}

/**
 * The form's errors by field, translated (the field's own label names it, so the text does not); a ticked event
 * the list does not know is said at the list, and a text of no field under `''`.
 */
function fieldErrors({ fieldErrors, formErrors }: IssueErrors) {
  const errors: Record<string, string[]> = formErrors.length > 0 ? { '': formErrors } : {}
  for (const [path, texts] of Object.entries(fieldErrors)) {
    const field = path.split('.')[0]
    errors[field] = [...(errors[field] ?? []), ...texts]
  }
  return errors
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const user = await requireUser(deps.db, request)
  const config = parseEnv(context.cloudflare.env)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const text = (name: string) => String(form.get(name) ?? '')
  const now = Date.now()
  /**
   * A create intent (a token, an endpoint): the form parsed by `schema`, then `make`, which answers the secret the
   * page shows once (and its label's values), or null at the account's limit (a 400 with the `limit` text, as for a
   * field's error).
   */
  async function create<S extends z.ZodType>(
    schema: S,
    limit: string,
    make: (value: z.output<S>) => Promise<Pick<ActionData, 'secret' | 'params'> | null>,
  ) {
    const parsed = parseForm(form, schema, t)
    if (!parsed.ok) return data({ intent, errors: fieldErrors(parsed.errors) }, { status: 400 })
    const shown = await make(parsed.value)
    if (!shown) return data({ intent, errors: { '': [t(limit)] } }, { status: 400 })
    return { intent, ...shown }
  }
  if (intent === 'createToken') {
    return create(PatCreateSchema, 'api:patLimit', async (value) => {
      const created = await createPat(deps.db, user.id, value, now)
      return created && { secret: created.token, params: { name: value.name } }
    })
  }
  if (intent === 'createWebhook') {
    return create(webhookCreateSchema(config.ENVIRONMENT !== 'development'), 'api:webhookLimit', async (value) => {
      const created = await createEndpoint(deps.db, config, user.id, value, now)
      return created && { secret: created.secret, params: { url: value.url } }
    })
  }
  // The other intents change one row of the user's: one that is not theirs (or gone) is a 404.
  const changes: Record<string, () => Promise<unknown>> = {
    revokeToken: () => revokePat(deps.db, user.id, text('id')),
    deleteWebhook: () => deleteEndpoint(deps.db, user.id, text('id')),
    resend: () => resendDelivery(deps.db, user.id, text('endpointId'), text('deliveryId'), now),
  }
  if (Object.hasOwn(changes, intent)) {
    if (!(await changes[intent]())) throw new Response(null, { status: 404 })
    return { intent, done: true }
  }
  throw new Response(null, { status: 400 })
}

/** An action's answer: for a create, the secret made (a token, an endpoint's signing secret) and its label's values. */
type ActionData = {
  intent: string
  errors?: Record<string, string[]>
  secret?: string
  params?: Record<string, string>
  done?: boolean
}

/** A secret shown once: selectable by hand, and copied by a button once script runs (SPEC §8 copy failure). */
function ShownOnce({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  return (
    <div className="rounded-md border border-primary bg-primary-soft p-3 text-sm" role="status">
      <p className="font-medium break-all">{label}</p>
      <code className="mt-1 block break-all select-all" data-testid={testId}>
        {value}
      </code>
      <p className="mt-1 text-muted">{t('developer:shownOnce')}</p>
      {hydrated ? (
        <CopyButton text={value} copied={t('developer:copied')} className="btn-ghost mt-2">
          {t('developer:copy')}
        </CopyButton>
      ) : null}
    </div>
  )
}

type Errors = Record<string, string[]>

/** The token form's fields: its name and scope. */
function TokenFields({ errors }: { errors: Errors }) {
  const { t } = useTranslation()
  return (
    <>
      <Field
        className="flex-1"
        label={t('developer:tokens.name')}
        name="name"
        required
        maxLength={100}
        errors={errors.name}
      />
      <SelectField
        label={t('developer:tokens.scopeLabel')}
        name="scope"
        defaultValue="read"
        errors={errors.scope}
        options={PAT_SCOPES.map((scope) => ({ value: scope, label: t(`developer:tokens.scope.${scope}`) }))}
      />
    </>
  )
}

/** The webhook form's fields: the address and the events it is sent. */
function WebhookFields({ errors }: { errors: Errors }) {
  const { t } = useTranslation()
  const { isProduction } = useLoaderData<typeof loader>()
  return (
    <>
      <Field
        label={t('developer:webhooks.url')}
        hint={t(isProduction ? 'developer:webhooks.urlHint' : 'developer:webhooks.urlHintDevelopment')}
        name="url"
        type="url"
        required
        errors={errors.url}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('developer:webhooks.events')}</legend>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <label key={event} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="events"
              value={event}
              defaultChecked={event === 'booking.created'}
              className="mt-1"
            />
            <span className="min-w-0">
              {t(`developer:events.${event}`)} <code className="break-all text-muted">{event}</code>
            </span>
          </label>
        ))}
        {errors.events ? (
          <p className="text-sm text-error" role="alert">
            {errors.events.join(' ')}
          </p>
        ) : null}
      </fieldset>
    </>
  )
}

/**
 * What differs between the page's two panels: the create form's intent, fields, layout (a token's form is one row
 * from `sm`; in the webhook form's column the button keeps its width) and button, and the test ids.
 */
const PANELS = {
  tokens: {
    intent: 'createToken',
    Fields: TokenFields,
    row: true,
    submit: 'developer:tokens.create',
    testIds: { form: 'token-form', shown: 'new-token' },
  },
  webhooks: {
    intent: 'createWebhook',
    Fields: WebhookFields,
    row: false,
    submit: 'developer:webhooks.add',
    testIds: { form: 'webhook-form', shown: 'new-webhook-secret' },
  },
} as const

/**
 * One of the page's two panels (tokens, webhooks): heading, lead, the secret just made (shown once), `children` (the
 * list), then the create form with the errors `result` has for it. A secret just made keys the form anew, so its
 * fields are not left filled in.
 */
function ApiPanel({
  texts,
  result,
  children,
}: {
  texts: keyof typeof PANELS
  result: ActionData | undefined
  children: ReactNode
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const panel = PANELS[texts]
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === panel.intent
  const mine = result?.intent === panel.intent ? result : undefined
  const errors = mine?.errors ?? {}
  return (
    <section className="card flex flex-col gap-4 p-4 sm:p-6" aria-labelledby={`${texts}-title`}>
      <h2 id={`${texts}-title`} className="text-lg font-semibold">
        {t(`developer:${texts}.title`)}
      </h2>
      <p className="text-sm text-muted">{t(`developer:${texts}.lead`)}</p>
      {mine?.secret ? (
        <ShownOnce
          label={t(`developer:${texts}.created`, mine.params)}
          value={mine.secret}
          testId={panel.testIds.shown}
        />
      ) : null}
      {children}
      <Form
        method="post"
        className={panel.row ? 'flex flex-col gap-3 sm:flex-row sm:items-end' : 'flex flex-col gap-3'}
        data-testid={panel.testIds.form}
        key={mine?.secret ?? 'form'}
      >
        <FormErrors errors={errors['']} />
        <panel.Fields errors={errors} />
        <Button
          type="submit"
          name="intent"
          value={panel.intent}
          loading={busy}
          className={panel.row ? '' : 'self-start'}
        >
          {t(panel.submit)}
        </Button>
      </Form>
    </section>
  )
}

/** A plain form removing one token or endpoint by its id. */
function RemoveForm({ id, intent, label }: { id: string; intent: string; label: string }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('id') === id
  return (
    <PostButton fields={{ id, intent }} variant="danger" loading={busy}>
      {label}
    </PostButton>
  )
}

/** `/profile/api`: personal access tokens and webhook endpoints with their delivery logs (issue 17). */
export default function ProfileApiPage() {
  const { tokens, endpoints } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as ActionData | undefined
  const navigation = useNavigation()
  const { t } = useTranslation()
  const busy = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-testid="profile-api-page">
      <div>
        <BackLink to="/profile" label={t('developer:back')} />
        <h1 className="mt-2 text-2xl font-semibold">{t('developer:title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('developer:lead')}</p>
      </div>

      <ApiPanel texts="tokens" result={result}>
        {tokens.length === 0 ? (
          <p className="text-sm text-muted">{t('developer:tokens.none')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" data-testid="token-list">
            {tokens.map((token) => (
              <li key={token.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <RowText title={token.name}>
                  <p className="text-muted">
                    {t(`developer:tokens.scope.${token.scope}`)} ·{' '}
                    {t('developer:tokens.createdAt', { at: token.createdAt })} ·{' '}
                    {token.lastUsedAt
                      ? t('developer:tokens.lastUsed', { at: token.lastUsedAt })
                      : t('developer:tokens.neverUsed')}
                  </p>
                </RowText>
                <RemoveForm id={token.id} intent="revokeToken" label={t('developer:tokens.revoke')} />
              </li>
            ))}
          </ul>
        )}
      </ApiPanel>

      <ApiPanel texts="webhooks" result={result}>
        {endpoints.length === 0 ? <p className="text-sm text-muted">{t('developer:webhooks.none')}</p> : null}
        {endpoints.map((endpoint) => (
          <article
            key={endpoint.id}
            className="flex flex-col gap-3 rounded-md border border-line p-3"
            data-testid="webhook-endpoint"
          >
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <RowText title={<span className="break-all">{endpoint.url}</span>}>
                <p className="text-muted">
                  {endpoint.events.map((event) => t(`developer:events.${event}`)).join(', ')}
                </p>
              </RowText>
              <RemoveForm id={endpoint.id} intent="deleteWebhook" label={t('developer:webhooks.delete')} />
            </div>
            <h3 className="text-sm font-semibold">{t('developer:deliveries.title')}</h3>
            {endpoint.deliveries.length === 0 ? (
              <p className="text-sm text-muted">{t('developer:deliveries.none')}</p>
            ) : (
              <ul className="flex flex-col gap-2" data-testid="delivery-log">
                {endpoint.deliveries.map((delivery) => (
                  <li key={delivery.id} className="rounded bg-surface p-2 text-sm" data-testid="delivery">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span>
                        <span className="font-medium">{delivery.type}</span> · {delivery.createdAt}
                        {delivery.resendOf ? ` · ${t('developer:deliveries.resent')}` : ''}
                      </span>
                      <span data-testid="delivery-status">
                        {t(`developer:deliveries.status.${delivery.status}`)} ·{' '}
                        {t('developer:deliveries.attempts', { count: delivery.attempts.length })}
                      </span>
                    </div>
                    {delivery.attempts.length > 0 ? (
                      <ol className="mt-1 list-inside list-decimal text-muted">
                        {delivery.attempts.map((attempt) => (
                          <li key={`${delivery.id}-${attempt.at}-${attempt.durationMs}`} data-testid="delivery-attempt">
                            {attempt.at} ·{' '}
                            {attempt.statusCode !== null
                              ? t('developer:deliveries.code', { code: attempt.statusCode })
                              : t('developer:deliveries.error', { error: attempt.error })}{' '}
                            · {t('developer:deliveries.duration', { ms: attempt.durationMs })}
                          </li>
                        ))}
                      </ol>
                    ) : null}
                    <PostButton
                      className="mt-2"
                      fields={{ intent: 'resend', endpointId: endpoint.id, deliveryId: delivery.id }}
                      variant="secondary"
                      loading={busy('resend')}
                    >
                      {t('developer:deliveries.resend')}
                    </PostButton>
                  </li>
                ))}
              </ul>
            )}
          </article>
        ))}
      </ApiPanel>
    </div>
  )
}
