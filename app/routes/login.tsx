import { getFormProps, useForm } from '@conform-to/react'
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
import { OAuthButtons } from '#app/components/accounts/oauth-buttons.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { SigninSchema } from '#app/domain/accounts/rules.ts'
import { signin } from '#app/server/accounts/identity.server.ts'
import { pageDeps, replyWithErrors, signInAndRedirect } from '#app/server/accounts/route.server.ts'
import { refusalStatus } from '#app/domain/refusal.ts'
import { attempt } from '#app/server/refusal.server.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { safeRedirectPath } from '#app/utils/safe-redirect.ts'
import { withGoals } from '#app/server/analytics/goals.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
  if (await getSessionUser(deps.db, request)) throw redirect(redirectTo)
  return { title: t('accounts:login.title'), redirectTo }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: SigninSchema })
  const hideFields = ['password']
  if (submission.status !== 'success')
    return data({ ...replyWithErrors(submission, t, undefined, { hideFields }), unconfirmed: null }, { status: 400 })
  const result = await attempt(() => signin(deps, submission.value))
  if (!result.ok) {
    // The password was right: the account's own email may be shown to finish the sign-up.
    const email = result.refusal.code === 'signinUnconfirmed' ? result.refusal.params?.email : null
    return data(
      {
        ...replyWithErrors(submission, t, result.refusal, { hideFields }),
        unconfirmed: typeof email === 'string' ? email : null,
      },
      { status: refusalStatus(result.refusal) },
    )
  }
  // Only same-origin paths: an open redirect through `redirectTo` is refused (SPEC issue 4 "attacks").
  return withGoals(
    request,
    await signInAndRedirect(deps, result.value, safeRedirectPath(formData.get('redirectTo'))),
    'login',
  )
}

/** `/login` (SPEC §2): by login or email and password, or with a provider. */
export default function Login() {
  const { t } = useTranslation()
  const { redirectTo } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const errorText = useErrorText()
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SigninSchema }),
    shouldValidate: 'onBlur',
  })
  return (
    <AuthLayout
      title={t('accounts:login.title')}
      lead={
        <>
          {t('accounts:login.noAccount')}{' '}
          <Link to="/signup" className="font-medium text-primary hover:underline">
            {t('accounts:signup.title')}
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="login-form">
        <FormErrors errors={errorText(form.errors)} id={form.errorId} />
        {lastResult?.unconfirmed ? (
          <Link
            to={`/signupDone?email=${encodeURIComponent(lastResult.unconfirmed)}`}
            className="text-sm font-medium text-primary hover:underline"
          >
            {t('accounts:login.enterCode')}
          </Link>
        ) : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ConformField
          meta={fields.login}
          type="text"
          label={t('accounts:fields.loginOrEmail')}
          autoComplete="username"
        />
        <ConformField
          meta={fields.password}
          type="password"
          label={t('accounts:fields.password')}
          autoComplete="current-password"
        />
        <div className="-mt-2 text-right">
          <Link to="/restore" className="text-sm text-primary hover:underline">
            {t('accounts:login.forgot')}
          </Link>
        </div>
        <Button type="submit" loading={navigation.state === 'submitting'} className="w-full">
          {t('accounts:login.submit')}
        </Button>
      </Form>
      <OAuthButtons redirectTo={redirectTo === '/' ? undefined : redirectTo} />
    </AuthLayout>
  )
}
