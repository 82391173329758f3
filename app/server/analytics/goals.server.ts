import { type AnalyticsGoal, GOAL_PARAM, isAnalyticsGoal } from '#app/domain/analytics.ts'

/**
 * Goals that follow a server redirect (a sign-up, a payment's return) reach the browser through a one-shot flash
 * cookie: the action that reached a goal adds it to its answer (`withGoals`), the next page's root loader takes it
 * (`takeGoals`: the goals, and the header that clears the cookie), and the page reports them to Metrika
 * (app/components/analytics.tsx). No counter configured: the goals are taken and dropped all the same.
 * A page inside another site's frame (the widget) gets no first-party cookie: its goals ride in the URL instead
 * (`goalsInUrl`, the `goal` parameter), which the page drops from the address bar once reported.
 */
export const GOALS_COOKIE = 'goals'
const GOALS_TTL_SECONDS = 300

function goalsCookie(goals: readonly AnalyticsGoal[], maxAgeSeconds: number): string {
  return `${GOALS_COOKIE}=${goals.join('.')}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAgeSeconds}`
}

function readGoals(cookieHeader: string | null): AnalyticsGoal[] {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === GOALS_COOKIE) return [...new Set(rest.join('=').split('.').filter(isAnalyticsGoal))]
  }
  return []
}

/**
 * The answer with these goals flashed for the next page (added to any the request still carries, so two redirects
 * in a row lose none). Use it on the redirect (or page) that follows the goal: `return withGoals(request, redirect('/'), 'login')`.
 */
export function withGoals<R extends Response>(request: Request, response: R, ...goals: AnalyticsGoal[]): R {
  const all = [...new Set([...readGoals(request.headers.get('Cookie')), ...goals])]
  response.headers.append('Set-Cookie', goalsCookie(all, GOALS_TTL_SECONDS))
  return response
}

/** A redirect's location with goals for the page it leads to (for framed pages, which get no cookie). */
export function goalsInUrl(location: string, ...goals: AnalyticsGoal[]): string {
  const url = new URL(location, 'http://local')
  for (const goal of goals) url.searchParams.append(GOAL_PARAM, goal)
  return `${url.pathname}${url.search}${url.hash}`
}

/** The goals flashed to this request, and the headers that clear the flash (none when there was none). */
export function takeGoals(request: Request): { goals: AnalyticsGoal[]; headers: Headers } {
  const inUrl = new URL(request.url).searchParams.getAll(GOAL_PARAM).filter(isAnalyticsGoal)
  const goals = [...new Set([...readGoals(request.headers.get('Cookie')), ...inUrl])]
  const headers = new Headers()
  if ((request.headers.get('Cookie') ?? '').includes(`${GOALS_COOKIE}=`))
    headers.append('Set-Cookie', goalsCookie([], 0))
  return { goals, headers }
}
