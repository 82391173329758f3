import { getInputProps } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs, data, redirect } from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AccountForm, useAccountForm } from '#app/components/accounts/account-form.tsx'
import { AuthLayout } from '#app/components/accounts/auth-layout.tsx'
import { ConformField } from '#app/components/accounts/conform-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useCountdown } from '#app/components/ui/use-countdown.ts'
import { ConfirmCodeSchema, EmailSchema } from '#app/domain/accounts/rules.ts'
import { runAccountForm } from '#app/server/account-form.server.ts'
import { confirmSignupCode, resendSignupCode, secondsUntilResend } from '#app/server/accounts/email-confirm.server.ts'
import { pageDeps, signInAndRedirect } from '#app/server/accounts/route.server.ts'
import { withGoals } from '#app/server/analytics/goals.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const meta = titleMeta

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const email = EmailSchema.safeParse(new URL(request.url).searchParams.get('email') ?? '')
  if (!email.success) throw redirect('/signup')
  return {
    title: t('accounts:signupDone.title'),
    email: email.data,
    secondsLeft: await secondsUntilResend(deps, email.data),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const formData = await request.formData()
  if (formData.get('intent') === 'resend') {
    const resend = await runAccountForm(formData, t, ConfirmCodeSchema.pick({ email: true }), (value) =>
      resendSignupCode(deps, value),
    )
    if (!resend.ok) return resend.answer
    return data({ ...resend.submission.reply({ resetForm: true }), resent: true })
  }
  const outcome = await runAccountForm(formData, t, ConfirmCodeSchema, (value) => confirmSignupCode(deps, value))
  if (!outcome.ok) return outcome.answer
  return withGoals(request, await signInAndRedirect(deps, outcome.value, '/'), 'codeConfirm')
}

/**
 * `/signupDone` (SPEC §2): the 6-digit code from the email; a new code only after a visible 60-second
 * countdown, which the server enforces too.
 */
export default function SignupDone() {
  const { email, secondsLeft } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const seconds = useCountdown(secondsLeft)
  const { t, form, fields, navigation, submitting } = useAccountForm(ConfirmCodeSchema, {
    lastResult: lastResult && 'resent' in lastResult ? undefined : lastResult,
    defaultValue: { email },
    shouldValidate: 'onSubmit',
  })
  const resending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'resend'
  return (
    <AuthLayout
      title={t('accounts:signupDone.title')}
      lead={t('accounts:signupDone.lead', { email })}
      back={{ to: '/signup', label: t('accounts:signupDone.otherEmail') }}
    >
      <AccountForm form={form} testId="code-form">
        <input {...getInputProps(fields.email, { type: 'hidden' })} key={fields.email.key} />
        <ConformField
          meta={fields.code}
          type="text"
          label={t('accounts:fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        />
        <Button type="submit" name="intent" value="confirm" loading={submitting && !resending}>
          {t('accounts:signupDone.submit')}
        </Button>
      </AccountForm>
      <Form method="post" className="mt-4 flex flex-col items-center gap-2" data-testid="resend-form">
        <input type="hidden" name="email" value={email} />
        {lastResult && 'resent' in lastResult ? (
          <p className="text-sm text-success" role="status">
            {t('accounts:signupDone.resent')}
          </p>
        ) : null}
        <Button
          type="submit"
          name="intent"
          value="resend"
          variant="ghost"
          disabled={seconds > 0}
          loading={resending}
          data-testid="resend"
        >
          {t('accounts:signupDone.resend')}
        </Button>
        <p className="text-sm text-muted" aria-live="polite" data-testid="resend-countdown">
          {seconds > 0 ? t('accounts:signupDone.countdown', { seconds }) : '\u00a0'}
        </p>
      </Form>
    </AuthLayout>
  )
}
