import { useEffect, useState } from 'react'
import { DEBOUNCE_MS } from '#app/domain/constants.ts'

export type UniqueState = { status: 'idle' | 'checking' | 'free' | 'taken'; message: string | null }

/**
 * SPEC §4: the name or link is checked 500 ms after typing stops; a spinner while it runs, then a tick or a
 * cross with the server's comment.
 */
export function useUniqueCheck(field: 'name' | 'link', value: string, eventTypeId?: string): UniqueState {
  const [state, setState] = useState<UniqueState>({ status: 'idle', message: null })
  useEffect(() => {
    if (!value.trim()) {
      setState({ status: 'idle', message: null })
      return
    }
    const controller = new AbortController()
    setState({ status: 'checking', message: null })
    const timer = setTimeout(async () => {
      const query = new URLSearchParams({ field, value, ...(eventTypeId ? { id: eventTypeId } : {}) })
      try {
        const response = await fetch(`/eventTypes/unique?${query}`, { signal: controller.signal })
        const answer = (await response.json()) as { isOk: boolean; comments: string[] }
        setState({ status: answer.isOk ? 'free' : 'taken', message: answer.comments[0] ?? null })
      } catch {
        if (!controller.signal.aborted) setState({ status: 'idle', message: null })
      }
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [field, value, eventTypeId])
  return state
}
