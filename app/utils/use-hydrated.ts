import { useEffect, useState } from 'react'

/**
 * False in the server render and the first client render, true once React runs in the browser: for controls that
 * only the no-script page needs (a "Show" button next to a select that submits itself on change).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
