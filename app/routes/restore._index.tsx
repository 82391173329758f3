import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useActionData } from '@remix-run/react'
import { AccountForm, useAccountForm } from '#app/components/accounts/account-form.tsx'
import { AuthLayout, AuthNotice } from '#app/components/accounts/auth-layout.tsx'
import { ConformField } from '#app/components/accounts/conform-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { RestoreRequestSchema } from '#app/domain/accounts/rules.ts'
import { runAccountForm } from '#app/server/account-form.server.ts'
import { requestRestore } from '#app/server/accounts/restore.server.ts'
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
      <AuthNotice
        title={t('accounts:restore.title')}
        text={t('accounts:restore.sent')}
        role="status"
        testId="restore-sent"
        next={{ to: '/login', label: t('accounts:login.submit') }}
      />
    )
  }
  return (
    <AuthLayout
      title={t('accounts:restore.title')}
      lead={t('accounts:restore.lead')}
      back={{ to: '/login', label: t('accounts:restore.back') }}
    >
      <AccountForm form={form} testId="restore-form">
        <ConformField meta={fields.email} type="email" label={t('accounts:fields.email')} autoComplete="email" />
        <Button type="submit" loading={submitting}>
          {t('accounts:restore.submit')}
        </Button>
      </AccountForm>
    </AuthLayout>
  )
}
