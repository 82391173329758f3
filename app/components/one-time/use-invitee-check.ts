import { useState } from 'react'
import type { OneTimeFormValues } from '#app/domain/one-time/form.ts'

/**
 * SPEC §4 "busy invitee asks 'Add anyway?'": checked as each invitee is picked; the server checks again on submit.
 * `check` asks whether the address is free at the chosen time; a busy one waits in `pending` until added anyway
 * (kept in `accepted`, sent as `acceptedBusy`) or undone.
 */
export function useInviteeCheck(values: OneTimeFormValues) {
  const [pending, setPending] = useState<{ email: string; undo: () => void } | null>(null)
  const [accepted, setAccepted] = useState<string[]>([])
  const check = async (raw: string, undo: () => void) => {
    const email = raw.trim().toLowerCase()
    if (!/^\S+@\S+\.\S+$/.test(email) || accepted.includes(email)) return
    const query = new URLSearchParams({
      email,
      date: values.date,
      timeZone: values.timeZone,
      timeFrom: values.timeFrom,
      timeTo: values.timeTo,
    })
    try {
      const response = await fetch(`/meetings/one-time-event/free?${query}`)
      if (!response.ok) return
      const answer = (await response.json()) as { isFree: boolean | null }
      if (answer.isFree === false) setPending({ email, undo })
    } catch {
      // Offline or refused: the submit's own check still asks.
    }
  }
  const accept = () => {
    if (pending) setAccepted((list) => [...list, pending.email])
    setPending(null)
  }
  const reject = () => {
    pending?.undo()
    setPending(null)
  }
  return { pending, accepted, check, accept, reject }
}

export type InviteeCheck = ReturnType<typeof useInviteeCheck>
