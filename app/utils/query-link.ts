import { useSearchParams } from '@remix-run/react'

/** A link to this page with some query parameters changed: a value sets one, `null` removes it. */
export function useQueryLink() {
  const [searchParams] = useSearchParams()
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams)
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key)
      else next.set(key, value)
    }
    return `?${next}`
  }
}
