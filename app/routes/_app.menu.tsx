import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link, useRouteLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Avatar } from '#app/components/accounts/avatar.tsx'
import { LogoutButton } from '#app/components/accounts/logout-button.tsx'
import { ProfileMenuLink } from '#app/components/accounts/profile-menu.tsx'
import { NAV_ITEMS, profileMenuItems } from '#app/components/accounts/menu-items.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import type { loader as appLoader } from './_app.tsx'
import { titleMeta } from '#app/utils/title-meta.ts'

export const meta = titleMeta

export async function loader({ request }: LoaderFunctionArgs) {
  return { title: getT(await getLanguage(request))('accounts:shell.openMenu') }
}

const ITEM = 'block rounded-lg px-4 py-3 text-base text-ink hover:bg-surface'

/** `/menu` (SPEC §2): the sections and the profile menu on small screens. */
export default function Menu() {
  const { t } = useTranslation()
  const data = useRouteLoaderData<typeof appLoader>('routes/_app')
  if (!data) return null
  const { user } = data
  return (
    <section className="mx-auto max-w-md" data-testid="menu-page">
      <div className="flex items-center gap-3 px-4 py-3">
        <Avatar user={user} size={48} />
        <p className="line-clamp-2 text-lg font-medium">
          {user.firstName} {user.lastName}
        </p>
      </div>
      <nav aria-label={t('shell.navLabel')} className="card mt-2 p-2">
        {NAV_ITEMS.map((item) => (
          <Link key={item.to} to={item.to} className={ITEM}>
            {t(`shell.nav.${item.key}`)}
          </Link>
        ))}
      </nav>
      <ul className="card mt-4 p-2">
        {profileMenuItems(user.login)
          .filter((item) => !item.largeOnly)
          .map((item) => (
            <li key={item.key}>
              <ProfileMenuLink item={item} className={ITEM} />
            </li>
          ))}
        <li>
          <LogoutButton className={`${ITEM} w-full text-left text-error`} />
        </li>
      </ul>
    </section>
  )
}
