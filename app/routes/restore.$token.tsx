import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AccountForm, useAccountForm } from '#app/components/accounts/account-form.tsx'
import { AuthLayout, AuthNotice } from '#app/components/accounts/auth-layout.tsx'
import { NewPasswordFields } from '#app/components/accounts/conform-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { NewPasswordFormSchema } from '#app/domain/accounts/rules.ts'
import { runAccountForm } from '#app/server/account-form.server.ts'
import { resetPassword, restoreTokenIsValid } from '#app/server/accounts/restore.server.ts'
import { pageDeps, signInAndRedirect } from '#app/server/accounts/route.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const meta = titleMeta

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  return { title: t('accounts:newPassword.title'), valid: await restoreTokenIsValid(deps, params.token ?? '') }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const outcome = await runAccountForm(
    await request.formData(),
    t,
    NewPasswordFormSchema,
    (value) => resetPassword(deps, { token: params.token ?? '', password: value.password }),
    { hideFields: ['password', 'passwordRepeat'] },
  )
  if (!outcome.ok) return outcome.answer
  return signInAndRedirect(deps, outcome.value, '/')
}

/** `/restore/{token}` (SPEC §2 "set new password"): single-use and expiring. */
export default function NewPassword() {
  const { valid } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t, form, fields, submitting } = useAccountForm(NewPasswordFormSchema, {
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  if (!valid) {
    return (
      <AuthNotice
        title={t('accounts:newPassword.title')}
        text={t('accounts:restore.invalidToken')}
        testId="restore-invalid"
        next={{ to: '/restore', label: t('accounts:restore.again') }}
      />
    )
  }
  return (
    <AuthLayout title={t('accounts:newPassword.title')}>
      <AccountForm form={form} testId="new-password-form">
        <NewPasswordFields password={fields.password} passwordRepeat={fields.passwordRepeat} />
        <Button type="submit" loading={submitting}>
          {t('accounts:newPassword.submit')}
        </Button>
      </AccountForm>
    </AuthLayout>
  )
}
