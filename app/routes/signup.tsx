import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  data,
  redirect,
} from '@remix-run/cloudflare'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthLayout, useErrorText } from '#app/components/accounts/auth-layout.tsx'
import { ConformField, NewPasswordFields, PressSteadyErrors } from '#app/components/accounts/conform-field.tsx'
import { OAuthButtons } from '#app/components/accounts/oauth-buttons.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { CheckboxField, FormErrors } from '#app/components/ui/field.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { SignupFormSchema } from '#app/domain/accounts/rules.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { signup } from '#app/server/accounts/identity.server.ts'
import { pageDeps, replyWithErrors } from '#app/server/accounts/route.server.ts'
import { refusalStatus } from '#app/domain/refusal.ts'
import { attempt } from '#app/server/refusal.server.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { withGoals } from '#app/server/analytics/goals.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSessionUser(getDb(context.cloudflare.env.DB), request)) throw redirect('/')
  return { title: getT(await getLanguage(request))('accounts:signup.title') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: SignupFormSchema })
  const hideFields = ['password', 'passwordRepeat']
  if (submission.status !== 'success')
    return data(replyWithErrors(submission, t, undefined, { hideFields }), { status: 400 })
  const result = await attempt(() =>
    signup(deps, submission.value, { isConsentMailing: submission.value.isConsentMailing ?? false }),
  )
  if (!result.ok)
    return data(replyWithErrors(submission, t, result.refusal, { hideFields }), {
      status: refusalStatus(result.refusal),
    })
  throw withGoals(request, redirect(`/signupDone?email=${encodeURIComponent(result.value.email)}`), 'registrationEmail')
}

/** `/signup` (SPEC §2): login, email, password twice, names, the agreement (in a modal) and mailing consent. */
export default function Signup() {
  const { t } = useTranslation()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const errorText = useErrorText()
  const [agreementOpen, setAgreementOpen] = useState(false)
  const [accepted, setAccepted] = useState(false)
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignupFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <AuthLayout
      title={t('accounts:signup.title')}
      lead={
        <>
          {t('accounts:signup.haveAccount')}{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            {t('accounts:login.title')}
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="signup-form">
        <PressSteadyErrors>
          <FormErrors errors={errorText(form.errors)} id={form.errorId} />
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
          <div className="grid gap-4 sm:grid-cols-2">
            <ConformField
              meta={fields.firstName}
              type="text"
              label={t('accounts:fields.firstName')}
              autoComplete="given-name"
            />
            <ConformField
              meta={fields.lastName}
              type="text"
              label={t('accounts:fields.lastName')}
              autoComplete="family-name"
            />
          </div>
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
          <Button type="submit" loading={navigation.state === 'submitting'} className="w-full">
            {t('accounts:signup.submit')}
          </Button>
        </PressSteadyErrors>
      </Form>
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
