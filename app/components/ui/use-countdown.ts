import { useEffect, useState } from 'react'

/** Seconds left, counting down once a second from `initial` (restarted whenever `initial` changes). */
export function useCountdown(initial: number) {
  const [seconds, setSeconds] = useState(initial)
  useEffect(() => setSeconds(initial), [initial])
  useEffect(() => {
    if (seconds <= 0) return
    const timer = setTimeout(() => setSeconds((value) => Math.max(0, value - 1)), 1000)
    return () => clearTimeout(timer)
  }, [seconds])
  return seconds
}
