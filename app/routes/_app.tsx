import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Outlet, useLoaderData } from '@remix-run/react'
import { AppShell } from '#app/components/app-shell.tsx'
import { avatarUrl } from '#app/server/accounts/profile.server.ts'
import { requireUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { pushClientConfig } from '#app/server/notify/push-web.server.ts'

/** The signed-in specialist's pages: `_app.*` routes render inside the app shell (SPEC §2 "Header"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare
  const user = await requireUser(getDb(env.DB), request)
  return {
    push: pushClientConfig(env, parseEnv(env)),
    user: {
      id: user.id,
      login: user.login,
      firstName: user.firstName,
      lastName: user.lastName,
      imageUrl: avatarUrl(user.imageKey),
      plan: user.plan,
      timeZone: user.timeZone,
    },
  }
}

export default function AppLayout() {
  const { user, push } = useLoaderData<typeof loader>()
  return (
    <AppShell user={user} push={push}>
      <Outlet />
    </AppShell>
  )
}
