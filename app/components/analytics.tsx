import { useEffect, useRef } from 'react'
import { type AnalyticsGoal, GOAL_PARAM } from '#app/domain/analytics.ts'

/** Yandex Metrika's tag (SPEC §1 "Analytics goals"); the CSP allows this origin only when a counter is configured. */
export const METRIKA_TAG_URL = 'https://mc.yandex.ru/metrika/tag.js'

declare global {
  interface Window {
    ym?: (counterId: number, method: string, ...args: unknown[]) => void
  }
}

/**
 * Metrika's queue, its init and this document's goals, as one inline script. `ym` queues calls until the tag
 * arrives, so a blocked tag leaves a queue nobody reads: no error, nothing else on the page depends on it. The tag
 * itself is added after hydration (`loadTag`): a script node inserted before React hydrates the document would not
 * match the server's markup. The counter id is digits only (env.server.ts), the goals come from the closed list:
 * nothing here needs escaping.
 */
export function metrikaScript(counterId: string, goals: readonly AnalyticsGoal[]): string {
  const calls = goals.map((goal) => `ym(${counterId},"reachGoal","${goal}");`).join('')
  return `try{window.ym=window.ym||function(){(window.ym.a=window.ym.a||[]).push(arguments)};window.ym.l=1*new Date();ym(${counterId},"init",{clickmap:true,trackLinks:true,accurateTrackBounce:true});${calls}}catch(e){}`
}

/** Adds Metrika's tag once; a blocked or failing load only leaves the queue unread. */
function loadTag() {
  try {
    if (document.querySelector(`script[src="${METRIKA_TAG_URL}"]`)) return
    const tag = document.createElement('script')
    tag.async = true
    tag.src = METRIKA_TAG_URL
    document.head.appendChild(tag)
  } catch {
    // A blocked counter never breaks a page.
  }
}

/** Reports a goal from the browser (after a client-side step); a missing or broken counter is ignored. */
export function reachGoal(counterId: string | null, goal: AnalyticsGoal) {
  if (!counterId) return
  try {
    window.ym?.(Number(counterId), 'reachGoal', goal)
  } catch {
    // A blocked or broken counter never breaks a page.
  }
}

/**
 * The counter on every page when configured: the document's goals go out with the tag's inline script; goals that
 * arrive later with the root's data (a client-side navigation after a form's redirect) go out from an effect.
 */
export function Metrika({
  counterId,
  goals,
  nonce,
}: {
  counterId: string | null
  goals: readonly AnalyticsGoal[]
  nonce: string | undefined
}) {
  const documentGoals = useRef(goals)
  useEffect(() => {
    if (counterId) loadTag()
  }, [counterId])
  useEffect(() => {
    if (goals !== documentGoals.current) for (const goal of goals) reachGoal(counterId, goal)
    // Reported once: a reload or a shared link must not report the URL's goals again.
    const url = new URL(window.location.href)
    if (!url.searchParams.has(GOAL_PARAM)) return
    url.searchParams.delete(GOAL_PARAM)
    window.history.replaceState(window.history.state, '', url)
  }, [counterId, goals])
  if (!counterId) return null
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      data-testid="metrika"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: digits and names from a closed list (metrikaScript)
      dangerouslySetInnerHTML={{ __html: metrikaScript(counterId, documentGoals.current) }}
    />
  )
}
