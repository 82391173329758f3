import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link, useActionData } from '@remix-run/react'
import { AccountForm, useAccountForm } from '#app/components/accounts/account-form.tsx'
import { AuthLayout } from '#app/components/accounts/auth-layout.tsx'
import { ConformField } from '#app/components/accounts/conform-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { RestoreRequestSchema } from '#app/domain/accounts/rules.ts'
import { runAccountForm } from '#app/server/account-form.server.ts'
import { requestRestore } from '#app/server/accounts/identity.server.ts'
import { pageDeps } from '#app/server/accounts/route.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const meta = titleMeta

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageDeps(request, context)
  return { title: t('accounts:restore.title') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const outcome = await runAccountForm(
    await request.formData(),
    t,
    RestoreRequestSchema,
    (value) => requestRestore(deps, value),
    { extra: () => ({ sent: false }) },
  )
  if (!outcome.ok) return outcome.answer
  // The same answer whether or not the email is known.
  return { ...outcome.submission.reply(), sent: true }
}

/** `/restore` (SPEC §2 "forgot password"): a reset link by email. */
export default function Restore() {
  const lastResult = useActionData<typeof action>()
  const { t, form, fields, submitting } = useAccountForm(RestoreRequestSchema, { lastResult, shouldValidate: 'onBlur' })
  if (lastResult?.sent) {
    return (
      <AuthLayout title={t('accounts:restore.title')}>
        <p className="text-sm" role="status" data-testid="restore-sent">
          {t('accounts:restore.sent')}
        </p>
        <Link to="/login" className="btn-primary mt-6 w-full">
          {t('accounts:login.submit')}
        </Link>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title={t('accounts:restore.title')} lead={t('accounts:restore.lead')}>
      <AccountForm form={form} testId="restore-form">
        <ConformField meta={fields.email} type="email" label={t('accounts:fields.email')} autoComplete="email" />
        <Button type="submit" loading={submitting}>
          {t('accounts:restore.submit')}
        </Button>
      </AccountForm>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-primary hover:underline">
          {t('accounts:restore.back')}
        </Link>
      </p>
    </AuthLayout>
  )
}
