import { type ImgHTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react'
import { avatarColor, avatarInitial } from '#app/domain/accounts/avatar.ts'

/**
 * An avatar picture that gives way to `fallback` when the browser cannot show it. HEIC photos are accepted (SPEC §5)
 * and served as they were uploaded (`image/heic`, no conversion): Safari shows them, Chrome and Firefox cannot, and
 * there the initial is shown instead of a broken image. A picture that failed before the page hydrated (no `error`
 * event reaches React then) is caught by checking it once mounted.
 */
export function AvatarPicture({
  src,
  fallback,
  ...img
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & { src: string; fallback: ReactNode }) {
  const ref = useRef<HTMLImageElement>(null)
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  useEffect(() => {
    const image = ref.current
    if (image?.complete && image.naturalWidth === 0) setFailedSrc(src)
  }, [src])
  if (failedSrc === src) return <>{fallback}</>
  // biome-ignore lint/a11y/useAltText: the callers pass `alt` (decorative avatars use an empty one)
  return <img ref={ref} src={src} onError={() => setFailedSrc(src)} {...img} />
}

/** The avatar image, or the first letter on one of 9 colours chosen by the first name (SPEC §2, §9). */
export function Avatar({
  user,
  size = 36,
}: {
  user: { firstName: string; login: string; imageUrl?: string | null }
  size?: number
}) {
  const initial = (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white"
      style={{ width: size, height: size, background: avatarColor(user.firstName), fontSize: size * 0.45 }}
      data-testid="avatar-initial"
    >
      {avatarInitial(user.firstName, user.login)}
    </span>
  )
  if (!user.imageUrl) return initial
  return (
    <AvatarPicture
      src={user.imageUrl}
      fallback={initial}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-full object-cover"
      style={{ width: size, height: size }}
      data-testid="avatar-image"
    />
  )
}
