import { Form, Link, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { Field, FormErrors } from '#app/components/ui/field.tsx'
import type { OAuthProvider, PasswordProvider } from '#app/domain/calendars/rules.ts'
import type { CalendarActionAnswer } from '#app/server/calendars/integrations-page.server.ts'

/** Where Yandex ID makes app passwords (the hint under the Yandex form). */
const YANDEX_APP_PASSWORDS = 'https://id.yandex.ru/security/app-passwords'

/**
 * A calendar connected with a login and an app password (Yandex, Apple, any CalDAV server): a plain form posting the
 * `connect` intent, so it works without script. `fixed` reconnects a known account: only the password is asked.
 */
export function ConnectForm({
  provider,
  formId,
  answer,
  fixed,
  withInstructionsLink = true,
}: {
  provider: PasswordProvider
  /** Which form on the page this is: the action's answer names it, so errors show on the form that posted. */
  formId: string
  answer: CalendarActionAnswer | undefined
  fixed?: { login: string; url: string | null }
  /** The Apple hint links /integrations/apple, except on that page itself. */
  withInstructionsLink?: boolean
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const mine = answer?.intent === 'connect' && answer.target === formId ? answer : undefined
  const errors = mine?.errors
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('formId') === formId
  const ids = (name: string) => `${formId}-${name}`
  return (
    <Form method="post" className="flex flex-col gap-3" data-testid={`connect-form-${formId}`}>
      <input type="hidden" name="intent" value="connect" />
      <input type="hidden" name="provider" value={provider} />
      <input type="hidden" name="formId" value={formId} />
      <FormErrors errors={errors?.formErrors} />
      {fixed ? (
        <>
          <input type="hidden" name="login" value={fixed.login} />
          {fixed.url !== null && provider === 'caldav' ? <input type="hidden" name="url" value={fixed.url} /> : null}
          <p className="text-sm text-muted">{t('calendars:connect.reconnectHint')}</p>
        </>
      ) : (
        <>
          {provider === 'caldav' ? (
            <Field
              id={ids('url')}
              name="url"
              type="url"
              inputMode="url"
              required
              maxLength={2000}
              autoComplete="url"
              placeholder="https://"
              label={t('calendars:connect.url')}
              hint={t('calendars:connect.caldavHint')}
              defaultValue={mine?.values.url}
              errors={errors?.fieldErrors.url}
            />
          ) : null}
          <Field
            id={ids('login')}
            name="login"
            required
            maxLength={200}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            label={
              provider === 'yandex'
                ? t('calendars:connect.yandexLogin')
                : provider === 'apple'
                  ? t('calendars:connect.appleId')
                  : t('calendars:connect.login')
            }
            defaultValue={mine?.values.login}
            errors={errors?.fieldErrors.login}
          />
        </>
      )}
      <Field
        id={ids('password')}
        name="password"
        type="password"
        required
        maxLength={200}
        // Not the FastSlot password: keep the browser from filling it in.
        autoComplete="new-password"
        label={
          provider === 'yandex'
            ? t('calendars:connect.appPassword')
            : provider === 'apple'
              ? t('calendars:connect.applePassword')
              : t('calendars:connect.password')
        }
        hint={fixed ? undefined : <PasswordHint provider={provider} withInstructionsLink={withInstructionsLink} />}
        errors={errors?.fieldErrors.password}
      />
      <Button type="submit" loading={submitting} className="self-start">
        {fixed ? t('calendars:connect.reconnect') : t('calendars:connect.submit')}
      </Button>
    </Form>
  )
}

function PasswordHint({
  provider,
  withInstructionsLink,
}: {
  provider: PasswordProvider
  withInstructionsLink: boolean
}) {
  const { t } = useTranslation()
  if (provider === 'yandex') {
    return (
      <>
        {t('calendars:connect.yandexHint')}{' '}
        <a href={YANDEX_APP_PASSWORDS} target="_blank" rel="noreferrer" className="text-primary underline">
          {t('calendars:connect.yandexHintLink')}
        </a>
      </>
    )
  }
  if (provider === 'apple') {
    return (
      <>
        {t('calendars:connect.appleHint')}{' '}
        {withInstructionsLink ? (
          <Link to="/integrations/apple" className="text-primary underline">
            {t('calendars:connect.appleHowTo')}
          </Link>
        ) : null}
      </>
    )
  }
  return null
}

/**
 * A depressed Google or Outlook account (a revoked grant, an expired refresh token): a new consent at the provider,
 * through the page's `consent` intent (a plain form, no script needed). The same account is reconnected in place.
 */
export function ReconsentForm({
  provider,
  formId,
  answer,
}: {
  provider: OAuthProvider
  formId: string
  answer: CalendarActionAnswer | undefined
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const mine = answer?.intent === 'consent' && answer.target === formId ? answer : undefined
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('formId') === formId
  return (
    <Form method="post" className="flex flex-col gap-2" data-testid={`consent-form-${formId}`}>
      <input type="hidden" name="intent" value="consent" />
      <input type="hidden" name="provider" value={provider} />
      <input type="hidden" name="formId" value={formId} />
      <FormErrors errors={mine?.errors?.formErrors} />
      <Button type="submit" loading={submitting} className="self-start">
        {t('calendars:connect.reconnect')}
      </Button>
    </Form>
  )
}
