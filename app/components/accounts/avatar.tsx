import { avatarColor, avatarInitial } from '#app/domain/accounts/rules.ts'

/** The avatar image, or the first letter on one of 9 colours chosen by the first name (SPEC §2, §9). */
export function Avatar({
  user,
  size = 36,
}: {
  user: { firstName: string; login: string; imageUrl?: string | null }
  size?: number
}) {
  if (user.imageUrl)
    return (
      <img
        src={user.imageUrl}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
        data-testid="avatar-image"
      />
    )
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white"
      style={{ width: size, height: size, background: avatarColor(user.firstName), fontSize: size * 0.45 }}
      data-testid="avatar-initial"
    >
      {avatarInitial(user.firstName, user.login)}
    </span>
  )
}
