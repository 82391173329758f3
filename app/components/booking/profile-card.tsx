import { useTranslation } from 'react-i18next'
import { Avatar } from '#app/components/accounts/avatar.tsx'
import { Linkified } from './linkify.tsx'

export type PublicProfile = {
  firstName: string
  lastName: string
  description: string
  profileImageUrl: string | null
}

/** The host's picture, or their initial on the palette colour (SPEC §9), as everywhere else in the app. */
function HostAvatar({ profile, size }: { profile: PublicProfile; size: number }) {
  return <Avatar user={{ firstName: profile.firstName, login: '?', imageUrl: profile.profileImageUrl }} size={size} />
}

/** Avatar or initial, full name and the description with clickable links and emails. */
export function ProfileCard({ profile, large = false }: { profile: PublicProfile; large?: boolean }) {
  const name = `${profile.firstName} ${profile.lastName}`.trim()
  return (
    <div className="flex items-start gap-4" data-testid="profile-card">
      <HostAvatar profile={profile} size={large ? 96 : 64} />
      <div className="min-w-0">
        <p className={large ? 'text-2xl font-semibold' : 'text-xl font-semibold'}>{name}</p>
        {profile.description ? (
          <p className="mt-1 whitespace-pre-line break-words text-muted">
            <Linkified text={profile.description} />
          </p>
        ) : null}
      </div>
    </div>
  )
}

/** The organizer profile popup: a disclosure, so it opens without JavaScript. */
export function ProfilePopup({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation()
  const name = `${profile.firstName} ${profile.lastName}`.trim()
  return (
    <details className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg text-sm text-muted hover:text-ink">
        <HostAvatar profile={profile} size={32} />
        <span>
          {t('booking:event.organizer')}: <span className="font-medium text-ink">{name}</span>
        </span>
      </summary>
      <div
        role="dialog"
        aria-label={t('booking:host.profile')}
        className="card absolute left-0 z-20 mt-2 w-[min(90vw,28rem)] p-5 shadow-lg"
      >
        <ProfileCard profile={profile} large />
      </div>
    </details>
  )
}
