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
 * The tag's loader and this document's goals, as one inline script. `ym` queues calls until the tag arrives, so a
 * blocked tag leaves a queue nobody reads: no error, nothing else on the page depends on it. Every call is guarded.
 * The counter id is digits only (env.server.ts), the goals come from the closed list: nothing here needs escaping.
 */
export function metrikaScript(counterId: string, goals: readonly AnalyticsGoal[]): string {
  const calls = goals.map((goal) => `ym(${counterId},"reachGoal","${goal}");`).join('')
  return `try{(function(m,e,t,r,i,k,a){m[i]=m[i]||function(){(m[i].a=m[i].a||[]).push(arguments)};m[i].l=1*new Date();k=e.createElement(t);a=e.getElementsByTagName(t)[0];k.async=1;k.src=r;a.parentNode.insertBefore(k,a)})(window,document,"script","${METRIKA_TAG_URL}","ym");ym(${counterId},"init",{clickmap:true,trackLinks:true,accurateTrackBounce:true});${calls}}catch(e){}`
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
