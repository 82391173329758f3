import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  data,
  redirect,
} from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthLayout, useErrorText } from '#app/components/accounts/auth-layout.tsx'
import { ConformField } from '#app/components/accounts/conform-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { useCountdown } from '#app/components/ui/use-countdown.ts'
import { ConfirmCodeSchema, EmailSchema } from '#app/domain/accounts/rules.ts'
import { confirmSignupCode, resendSignupCode, secondsUntilResend } from '#app/server/accounts/identity.server.ts'
import { pageDeps, replyWithErrors, signInAndRedirect } from '#app/server/accounts/route.server.ts'
import { refusalStatus } from '#app/domain/refusal.ts'
import { attempt } from '#app/server/refusal.server.ts'
import { withGoals } from '#app/server/analytics/goals.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

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
    const submission = parseWithZod(formData, { schema: ConfirmCodeSchema.pick({ email: true }) })
    if (submission.status !== 'success') return data(replyWithErrors(submission, t), { status: 400 })
    const result = await attempt(() => resendSignupCode(deps, submission.value))
    if (!result.ok)
      return data(replyWithErrors(submission, t, result.refusal), { status: refusalStatus(result.refusal) })
    return data({ ...submission.reply({ resetForm: true }), resent: true })
  }
  const submission = parseWithZod(formData, { schema: ConfirmCodeSchema })
  if (submission.status !== 'success') return data(replyWithErrors(submission, t), { status: 400 })
  const result = await attempt(() => confirmSignupCode(deps, submission.value))
  if (!result.ok) return data(replyWithErrors(submission, t, result.refusal), { status: refusalStatus(result.refusal) })
  return withGoals(request, await signInAndRedirect(deps, result.value, '/'), 'codeConfirm')
}

/**
 * `/signupDone` (SPEC §2): the 6-digit code from the email; a new code only after a visible 60-second
 * countdown, which the server enforces too.
 */
export default function SignupDone() {
  const { t } = useTranslation()
  const { email, secondsLeft } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const errorText = useErrorText()
  const seconds = useCountdown(secondsLeft)
  const [form, fields] = useForm({
    lastResult: lastResult && 'resent' in lastResult ? undefined : lastResult,
    defaultValue: { email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConfirmCodeSchema }),
    shouldValidate: 'onSubmit',
  })
  const resending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'resend'
  return (
    <AuthLayout title={t('accounts:signupDone.title')} lead={t('accounts:signupDone.lead', { email })}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="code-form">
        <FormErrors errors={errorText(form.errors)} id={form.errorId} />
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
        <Button type="submit" name="intent" value="confirm" loading={navigation.state === 'submitting' && !resending}>
          {t('accounts:signupDone.submit')}
        </Button>
      </Form>
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
      <p className="mt-6 text-center text-sm text-muted">
        <Link to="/signup" className="text-primary hover:underline">
          {t('accounts:signupDone.otherEmail')}
        </Link>
      </p>
    </AuthLayout>
  )
}
