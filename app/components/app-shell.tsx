import type { ReactNode } from 'react'
import { ProfileMenu } from './accounts/profile-menu.tsx'
import { AppHeaderFrame } from './app-header-frame.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { NotificationBadge } from './notify/notification-badge.tsx'
import { PushBanner } from './push/push-banner.tsx'
import type { PushClientConfig } from '#app/domain/push/config.ts'

export type ShellUser = {
  id: string
  login: string
  firstName: string
  lastName: string
  plan: string
  imageUrl?: string | null
}

/**
 * The signed-in specialist's frame (SPEC §2 "Header"): the sections, the language switch and the profile
 * dropdown; on phones the sections move to `/menu`.
 */
export function AppShell({
  user,
  push = null,
  children,
}: {
  user: ShellUser
  push?: PushClientConfig | null
  children: ReactNode
}) {
  return (
    <>
      <AppHeader user={user} />
      <PushBanner config={push} />
      <main className="container-page py-6">{children}</main>
    </>
  )
}

/** The signed-in header: the sections, the notifications, the language switch and the profile dropdown. */
export function AppHeader({ user }: { user: ShellUser }) {
  return (
    <AppHeaderFrame>
      <NotificationBadge />
      <LanguageSwitch />
      <ProfileMenu user={user} />
    </AppHeaderFrame>
  )
}
