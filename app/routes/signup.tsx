import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { useActionData } from '@remix-run/react'
import { useState } from 'react'
import { AccountForm, useAccountForm } from '#app/components/accounts/account-form.tsx'
import { AuthLayout, OtherWayLead, useErrorText } from '#app/components/accounts/auth-layout.tsx'
import { ConformField, NameFields, NewPasswordFields } from '#app/components/accounts/conform-field.tsx'
import { OAuthButtons } from '#app/components/accounts/oauth-buttons.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { CheckboxField } from '#app/components/ui/field.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { SignupFormSchema } from '#app/domain/accounts/rules.ts'
import { runAccountForm } from '#app/server/account-form.server.ts'
import { signup } from '#app/server/accounts/signup.server.ts'
import { pageDeps } from '#app/server/accounts/route.server.ts'
import { withGoals } from '#app/server/analytics/goals.server.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const meta = titleMeta

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  if (await getSessionUser(deps.db, request)) throw redirect('/')
  return { title: t('accounts:signup.title') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const formData = await request.formData()
  const outcome = await runAccountForm(
    formData,
    t,
    SignupFormSchema,
    (value) => signup(deps, value, { isConsentMailing: value.isConsentMailing ?? false }),
    { hideFields: ['password', 'passwordRepeat'] },
  )
  if (!outcome.ok) return outcome.answer
  throw withGoals(
    request,
    redirect(`/signupDone?email=${encodeURIComponent(outcome.value.email)}`),
    'registrationEmail',
  )
}

/** `/signup` (SPEC §2): login, email, password twice, names, the agreement (in a modal) and mailing consent. */
export default function Signup() {
  const lastResult = useActionData<typeof action>()
  const errorText = useErrorText()
  const [agreementOpen, setAgreementOpen] = useState(false)
  const [accepted, setAccepted] = useState(false)
  const { t, form, fields, submitting } = useAccountForm(SignupFormSchema, {
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <AuthLayout title={t('accounts:signup.title')} lead={<OtherWayLead to="login" />}>
      <AccountForm form={form} testId="signup-form" steady>
        <ConformField
          meta={fields.login}
          type="text"
          label={t('accounts:fields.login')}
          hint={t('accounts:signup.loginHint')}
          autoComplete="username"
        />
        <ConformField meta={fields.email} type="email" label={t('accounts:fields.email')} autoComplete="email" />
        <NewPasswordFields
          password={fields.password}
          passwordRepeat={fields.passwordRepeat}
          label={t('accounts:fields.password')}
        />
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <CheckboxField
          label={
            <>
              {t('accounts:signup.acceptPrefix')}{' '}
              <button
                type="button"
                className="font-medium text-primary underline"
                onClick={() => setAgreementOpen(true)}
                data-testid="agreement-open"
              >
                {t('accounts:signup.agreementLink')}
              </button>
            </>
          }
          errors={errorText(fields.isAgreementAccepted.errors)}
          name={fields.isAgreementAccepted.name}
          id={fields.isAgreementAccepted.id}
          checked={accepted}
          onChange={(event) => setAccepted(event.currentTarget.checked)}
        />
        <CheckboxField
          label={t('accounts:signup.consentMailing')}
          name={fields.isConsentMailing.name}
          id={fields.isConsentMailing.id}
        />
        <Button type="submit" loading={submitting} className="w-full">
          {t('accounts:signup.submit')}
        </Button>
      </AccountForm>
      <OAuthButtons />
      <Modal
        open={agreementOpen}
        onClose={() => setAgreementOpen(false)}
        title={t('accounts:agreement.title')}
        size="lg"
        footer={
          <>
            <Button variant="secondary" onClick={() => setAgreementOpen(false)}>
              {t('ui.close')}
            </Button>
            <Button
              data-testid="agreement-accept"
              onClick={() => {
                setAccepted(true)
                setAgreementOpen(false)
              }}
            >
              {t('accounts:agreement.accept')}
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm text-ink">
          {(['p1', 'p2', 'p3', 'p4'] as const).map((key) => (
            <p key={key}>{t(`accounts:agreement.${key}`)}</p>
          ))}
        </div>
      </Modal>
    </AuthLayout>
  )
}
