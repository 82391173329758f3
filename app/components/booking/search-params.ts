/** `base` search (`?tz=..`) with some params set or removed: the booking flow's links keep their state this way. */
export function withParams(base: string, extra: Record<string, string | null>) {
  const params = new URLSearchParams(base)
  for (const [name, value] of Object.entries(extra)) {
    if (value) params.set(name, value)
    else params.delete(name)
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
