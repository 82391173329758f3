import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthLayout, useErrorText } from '#app/components/accounts/auth-layout.tsx'
import { ConformField } from '#app/components/accounts/conform-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { RestoreRequestSchema } from '#app/domain/accounts/rules.ts'
import { requestRestore } from '#app/server/accounts/identity.server.ts'
import { pageDeps, replyWithErrors } from '#app/server/accounts/route.server.ts'
import { refusalStatus } from '#app/domain/refusal.ts'
import { attempt } from '#app/server/refusal.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageDeps(request, context)
  return { title: t('accounts:restore.title') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const submission = parseWithZod(await request.formData(), { schema: RestoreRequestSchema })
  if (submission.status !== 'success') return data({ ...replyWithErrors(submission, t), sent: false }, { status: 400 })
  const result = await attempt(() => requestRestore(deps, submission.value))
  if (!result.ok)
    return data(
      { ...replyWithErrors(submission, t, result.refusal), sent: false },
      { status: refusalStatus(result.refusal) },
    )
  // The same answer whether or not the email is known.
  return { ...submission.reply(), sent: true }
}

/** `/restore` (SPEC §2 "forgot password"): a reset link by email. */
export default function Restore() {
  const { t } = useTranslation()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const errorText = useErrorText()
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RestoreRequestSchema }),
    shouldValidate: 'onBlur',
  })
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
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="restore-form">
        <FormErrors errors={errorText(form.errors)} id={form.errorId} />
        <ConformField meta={fields.email} type="email" label={t('accounts:fields.email')} autoComplete="email" />
        <Button type="submit" loading={navigation.state === 'submitting'}>
          {t('accounts:restore.submit')}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-primary hover:underline">
          {t('accounts:restore.back')}
        </Link>
      </p>
    </AuthLayout>
  )
}
