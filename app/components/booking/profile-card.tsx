import { useTranslation } from 'react-i18next'
import { AvatarPicture } from '#app/components/accounts/avatar.tsx'
import { Linkified } from './linkify.tsx'

export type PublicProfile = {
  firstName: string
  lastName: string
  description: string
  profileImageUrl: string | null
}

export function Avatar({ profile, size = 64 }: { profile: PublicProfile; size?: number }) {
  const initial = (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary"
      style={{ width: size, height: size, fontSize: size / 2.5 }}
    >
      {(profile.firstName || '?').slice(0, 1).toUpperCase()}
    </span>
  )
  if (profile.profileImageUrl) {
    // The initial stands in where the browser cannot show the picture (a HEIC photo outside Safari).
    return (
      <AvatarPicture
        src={profile.profileImageUrl}
        fallback={initial}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    )
  }
  return initial
}

/** Avatar or initial, full name and the description with clickable links and emails. */
export function ProfileCard({ profile, large = false }: { profile: PublicProfile; large?: boolean }) {
  const name = `${profile.firstName} ${profile.lastName}`.trim()
  return (
    <div className="flex items-start gap-4" data-testid="profile-card">
      <Avatar profile={profile} size={large ? 96 : 64} />
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
        <Avatar profile={profile} size={32} />
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
