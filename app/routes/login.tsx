import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { AccountForm, useAccountForm } from '#app/components/accounts/account-form.tsx'
import { AuthLayout, OtherWayLead } from '#app/components/accounts/auth-layout.tsx'
import { ConformField } from '#app/components/accounts/conform-field.tsx'
import { OAuthButtons } from '#app/components/accounts/oauth-buttons.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { SigninSchema } from '#app/domain/accounts/rules.ts'
import { runAccountForm } from '#app/server/account-form.server.ts'
import { signin } from '#app/server/accounts/login.server.ts'
import { pageDeps, signInAndRedirect } from '#app/server/accounts/route.server.ts'
import { withGoals } from '#app/server/analytics/goals.server.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { safeRedirectPath } from '#app/utils/safe-redirect.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const meta = titleMeta

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
  if (await getSessionUser(deps.db, request)) throw redirect(redirectTo)
  return { title: t('accounts:login.title'), redirectTo }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const formData = await request.formData()
  const outcome = await runAccountForm(formData, t, SigninSchema, (value) => signin(deps, value), {
    hideFields: ['password'],
    extra: (refusal) => {
      // The password was right: the account's own email may be shown to finish the sign-up.
      const email = refusal?.code === 'signinUnconfirmed' ? refusal.params?.email : null
      return { unconfirmed: typeof email === 'string' ? email : null }
    },
  })
  if (!outcome.ok) return outcome.answer
  // Only same-origin paths: an open redirect through `redirectTo` is refused (SPEC issue 4 "attacks").
  return withGoals(
    request,
    await signInAndRedirect(deps, outcome.value, safeRedirectPath(formData.get('redirectTo'))),
    'login',
  )
}

/** `/login` (SPEC §2): by login or email and password, or with a provider. */
export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t, form, fields, submitting } = useAccountForm(SigninSchema, { lastResult, shouldValidate: 'onBlur' })
  return (
    <AuthLayout title={t('accounts:login.title')} lead={<OtherWayLead to="signup" />}>
      <AccountForm form={form} testId="login-form">
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
        <Button type="submit" loading={submitting} className="w-full">
          {t('accounts:login.submit')}
        </Button>
      </AccountForm>
      <OAuthButtons redirectTo={redirectTo === '/' ? undefined : redirectTo} />
    </AuthLayout>
  )
}
