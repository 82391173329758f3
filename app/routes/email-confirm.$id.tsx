import { type ActionFunctionArgs, type LoaderFunctionArgs, data, redirect } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthLayout } from '#app/components/accounts/auth-layout.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import { confirmEmailLink, emailLinkState, resendForEmailLink } from '#app/server/accounts/email-confirm.server.ts'
import { pageDeps, signInAndRedirect } from '#app/server/accounts/route.server.ts'
import { refusalStatus } from '#app/domain/refusal.ts'
import { attempt, problemText } from '#app/server/refusal.server.ts'
import { withGoals } from '#app/server/analytics/goals.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

export const meta = titleMeta

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const state = await emailLinkState(deps, params.id ?? '')
  return { title: t('accounts:emailConfirm.title'), status: state.status }
}

/**
 * Confirming is a POST (the button), not the GET of the link: mail scanners that open links confirm
 * nothing and sign nobody in.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const token = params.id ?? ''
  const formData = await request.formData()
  if (formData.get('intent') === 'resend') {
    const result = await attempt(() => resendForEmailLink(deps, token))
    if (!result.ok) return data({ error: problemText(result.refusal, t) }, { status: refusalStatus(result.refusal) })
    if (!result.value) return data({ error: t('accounts:emailConfirm.outdated') }, { status: 400 })
    throw redirect(`/signupDone?email=${encodeURIComponent(result.value)}`)
  }
  const result = await attempt(() => confirmEmailLink(deps, token))
  if (!result.ok) return data({ error: t('accounts:emailConfirm.outdated') }, { status: 400 })
  return withGoals(request, await signInAndRedirect(deps, result.value, '/'), 'emailConfirm')
}

/** `/email-confirm/{id}` (SPEC §2, §4): confirm by link; an outdated link offers a new one. */
export default function EmailConfirm() {
  const { t } = useTranslation()
  const { status } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  return (
    <AuthLayout title={t('accounts:emailConfirm.title')}>
      <FormErrors errors={actionData ? [actionData.error] : null} />
      {status === 'valid' ? (
        <Form method="post" className="mt-4 flex flex-col gap-4">
          <p className="text-sm">{t('accounts:emailConfirm.ready')}</p>
          <Button type="submit" name="intent" value="confirm" loading={busy} data-testid="email-confirm">
            {t('accounts:emailConfirm.submit')}
          </Button>
        </Form>
      ) : status === 'outdated' ? (
        <Form method="post" className="mt-4 flex flex-col gap-4" data-testid="email-confirm-outdated">
          <p className="text-sm">{t('accounts:emailConfirm.outdated')}</p>
          <Button type="submit" name="intent" value="resend" loading={busy}>
            {t('accounts:emailConfirm.resend')}
          </Button>
        </Form>
      ) : (
        <div className="mt-4 flex flex-col gap-4" data-testid="email-confirm-unknown">
          <p className="text-sm">{t('accounts:emailConfirm.unknown')}</p>
          <Link to="/login" className="btn-primary">
            {t('accounts:login.submit')}
          </Link>
        </div>
      )}
    </AuthLayout>
  )
}
