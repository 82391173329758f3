import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/cloudflare'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Metrika } from './components/analytics.tsx'
import { AppHeaderFrame } from './components/app-header-frame.tsx'
import { ErrorScreen } from './components/error-screen.tsx'
import { LanguageSwitch } from './components/language-switch.tsx'
import { SiteHeader } from './components/site-header.tsx'
import { AppVersionModal } from './components/ui/app-version-modal.tsx'
import { Toaster } from './components/ui/toaster.tsx'
import { EMBEDDED_TRANSLATIONS_ID, embeddedTranslationsHtml } from './i18n/embedded.ts'
import { pickNamespaces, routeNamespaces } from './i18n/namespaces.ts'
import { getLanguage } from './i18n/i18n.server.ts'
import type { loader as appLoader } from './routes/_app.tsx'
import type { loader as indexLoader } from './routes/_index.tsx'
import { takeGoals } from './server/analytics/goals.server.ts'
import { hasSessionCookie } from './server/auth/session.server.ts'
import { metrikaCounterId } from './server/env.server.ts'
import stylesheet from './styles/app.css?url'
import { useNonce } from './utils/nonce.tsx'
import type { AnalyticsGoal } from './domain/analytics.ts'
import { STORAGE_FALLBACK_SCRIPT } from './utils/storage-fallback-script.ts'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Goals flashed by the previous answer (a sign-up's redirect...) are taken once: this answer clears the cookie.
  const { goals, headers } = takeGoals(request)
  return data(
    {
      language: await getLanguage(request),
      hasSession: hasSessionCookie(request),
      metrika: metrikaCounterId(context.cloudflare.env),
      goals,
    },
    { headers },
  )
}

/**
 * The root's data is the language (`?lang=` or the cookie): a move to the same path with the same `lang` (say, a
 * calendar month link) cannot change it, so it does not ask the server again; actions still revalidate.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  !formMethod &&
  currentUrl.pathname === nextUrl.pathname &&
  currentUrl.searchParams.get('lang') === nextUrl.searchParams.get('lang')
    ? false
    : defaultShouldRevalidate

const NO_GOALS: AnalyticsGoal[] = []

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const { i18n } = useTranslation()
  const language = data?.language ?? i18n.language
  const nonce = useNonce()
  // Only the namespaces of the matched routes' pages (docs/decisions/0079-namespaces-per-route.md).
  const namespaces = routeNamespaces(useMatches())
  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">
        {children}
        <Toaster />
        <AppVersionModal />
        <script
          type="application/json"
          id={EMBEDDED_TRANSLATIONS_ID}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by serializeForScript
          dangerouslySetInnerHTML={{
            __html: embeddedTranslationsHtml(() => pickNamespaces(i18n.store.data[language] ?? {}, namespaces)),
          }}
        />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script (storage-fallback-script.ts)
          dangerouslySetInnerHTML={{ __html: STORAGE_FALLBACK_SCRIPT }}
        />
        <Metrika counterId={data?.metrika ?? null} goals={data?.goals ?? NO_GOALS} nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  // A client navigation to a page whose namespaces the document did not embed loads them before it shows
  // (react-i18next suspends inside the navigation's transition; entry.client.tsx loads them on demand).
  const { i18n } = useTranslation(routeNamespaces(useMatches()))
  // A client navigation can change the page's language: from a public page in the browser's language to a dashboard
  // page in the chosen (or default) one, say from an English /user/demo to /login. The texts follow the server's
  // language (its namespaces load on demand), as the language switch does (language-switch.tsx).
  const language = useRouteLoaderData<typeof loader>('root')?.language
  useEffect(() => {
    if (language && i18n.language !== language) void i18n.changeLanguage(language)
  }, [language, i18n])
  return <Outlet />
}

/**
 * The error screen's header: the signed-in one when this page's loaders already know the user; the signed-out one
 * when the visitor has no session; else (a session whose user is not known here, or no root data after a failed
 * action) a neutral one without sign-in links. It reads only loader data already there: nothing that can fail.
 */
function ErrorHeader() {
  const root = useRouteLoaderData<typeof loader>('root')
  const app = useRouteLoaderData<typeof appLoader>('routes/_app')
  const home = useRouteLoaderData<typeof indexLoader>('routes/_index')
  const user = app?.user ?? home?.user ?? null
  if (!user) return <SiteHeader signIn={root?.hasSession === false} />
  // The profile dropdown's code stays out of every page's bundle: its name links to the profile instead.
  return (
    <AppHeaderFrame>
      <LanguageSwitch />
      <Link
        to="/profile"
        className="max-w-48 truncate rounded-lg px-2 py-2 text-sm font-medium text-ink hover:bg-surface"
      >
        {`${user.firstName} ${user.lastName}`.trim() || user.login}
      </Link>
    </AppHeaderFrame>
  )
}

/** SPEC §2 "Error fallback": sad mascot, generic message, error name and message; 404/405/400 screens. */
export function ErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()
  if (isRouteErrorResponse(error)) {
    const known: Record<number, 'notFound' | 'methodNotAllowed' | 'badRequest'> = {
      404: 'notFound',
      405: 'methodNotAllowed',
      400: 'badRequest',
    }
    const kind = known[error.status]
    return (
      <>
        <ErrorHeader />
        <ErrorScreen
          status={error.status}
          title={kind ? t(`errors.${kind}Title`) : t('errors.genericTitle')}
          text={kind ? t(`errors.${kind}Text`) : t('errors.genericText')}
        />
      </>
    )
  }
  const name = error instanceof Error ? error.name : 'Error'
  const message = error instanceof Error ? error.message : String(error)
  return (
    <>
      <ErrorHeader />
      <ErrorScreen title={t('errors.genericTitle')} text={t('errors.genericText')} details={{ name, message }} />
    </>
  )
}
