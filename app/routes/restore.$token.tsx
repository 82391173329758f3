import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthLayout, useErrorText } from '#app/components/accounts/auth-layout.tsx'
import { NewPasswordFields } from '#app/components/accounts/conform-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { NewPasswordFormSchema } from '#app/domain/accounts/rules.ts'
import { resetPassword, restoreTokenIsValid } from '#app/server/accounts/identity.server.ts'
import { pageDeps, replyWithErrors, signInAndRedirect } from '#app/server/accounts/route.server.ts'
import { refusalStatus } from '#app/domain/refusal.ts'
import { attempt } from '#app/server/refusal.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  return { title: t('accounts:newPassword.title'), valid: await restoreTokenIsValid(deps, params.token ?? '') }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const submission = parseWithZod(await request.formData(), { schema: NewPasswordFormSchema })
  const hideFields = ['password', 'passwordRepeat']
  if (submission.status !== 'success')
    return data(replyWithErrors(submission, t, undefined, { hideFields }), { status: 400 })
  const result = await attempt(() =>
    resetPassword(deps, { token: params.token ?? '', password: submission.value.password }),
  )
  if (!result.ok)
    return data(replyWithErrors(submission, t, result.refusal, { hideFields }), {
      status: refusalStatus(result.refusal),
    })
  return signInAndRedirect(deps, result.value, '/')
}

/** `/restore/{token}` (SPEC §2 "set new password"): single-use and expiring. */
export default function NewPassword() {
  const { t } = useTranslation()
  const { valid } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const errorText = useErrorText()
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  if (!valid) {
    return (
      <AuthLayout title={t('accounts:newPassword.title')}>
        <p className="text-sm" data-testid="restore-invalid">
          {t('accounts:restore.invalidToken')}
        </p>
        <Link to="/restore" className="btn-primary mt-6 w-full">
          {t('accounts:restore.again')}
        </Link>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title={t('accounts:newPassword.title')}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="new-password-form">
        <FormErrors errors={errorText(form.errors)} id={form.errorId} />
        <NewPasswordFields password={fields.password} passwordRepeat={fields.passwordRepeat} />
        <Button type="submit" loading={navigation.state === 'submitting'}>
          {t('accounts:newPassword.submit')}
        </Button>
      </Form>
    </AuthLayout>
  )
}
