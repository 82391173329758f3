import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from '@remix-run/react'
import { SiteHeader } from '#app/components/site-header.tsx'
import { keepDetectedZone } from '#app/utils/zone-cookie.ts'

/**
 * The frame of the sign-in and registration screens: the public header, then one centred card. It keeps the
 * browser's zone in the `tz` cookie, so an account made here (by email or a provider) starts in the person's zone.
 */
export function AuthLayout({
  title,
  lead,
  back,
  children,
}: {
  title: string
  lead?: ReactNode
  /** A way back under the card's content (to sign in, to sign up again). */
  back?: { to: string; label: string }
  children: ReactNode
}) {
  useEffect(keepDetectedZone, [])
  return (
    <>
      <SiteHeader />
      <main className="container-page flex justify-center py-8 sm:py-14">
        <section className="card w-full max-w-md p-6 sm:p-8">
          <h1 className="text-2xl font-semibold">{title}</h1>
          {lead ? <div className="mt-2 text-sm text-muted">{lead}</div> : null}
          <div className="mt-6">
            {children}
            {back ? (
              <p className="mt-6 text-center text-sm">
                <Link to={back.to} className="text-primary hover:underline">
                  {back.label}
                </Link>
              </p>
            ) : null}
          </div>
        </section>
      </main>
    </>
  )
}

/** The other of sign-in and sign-up, offered in a screen's lead: its question and its link. */
const OTHER_WAY = {
  signup: { question: 'accounts:login.noAccount', label: 'accounts:signup.title' },
  login: { question: 'accounts:signup.haveAccount', label: 'accounts:login.title' },
} as const

/** "No account? Sign up" on the sign-in screen, "Have an account? Sign in" on the sign-up screen. */
export function OtherWayLead({ to }: { to: keyof typeof OTHER_WAY }) {
  const { t } = useTranslation()
  return (
    <>
      {t(OTHER_WAY[to].question)}{' '}
      <Link to={`/${to}`} className="font-medium text-primary hover:underline">
        {t(OTHER_WAY[to].label)}
      </Link>
    </>
  )
}

/** A screen that only says one thing (the link is sent, the link no longer works) and offers the one way on. */
export function AuthNotice({
  title,
  text,
  role,
  testId,
  next,
}: {
  title: string
  text: string
  role?: 'status'
  testId: string
  next: { to: string; label: string }
}) {
  return (
    <AuthLayout title={title}>
      <p className="text-sm" role={role} data-testid={testId}>
        {text}
      </p>
      <Link to={next.to} className="btn-primary mt-6 w-full">
        {next.label}
      </Link>
    </AuthLayout>
  )
}

/** Conform's errors may be i18n keys (client-side validation) or texts (from the server): show both. */
export function useErrorText() {
  const { t } = useTranslation()
  return (errors: readonly string[] | undefined) =>
    errors?.map((error) => (/^[a-zA-Z]+:[a-zA-Z.]+$/.test(error) ? (t(error) as string) : error))
}
