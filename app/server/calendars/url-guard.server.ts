/**
 * Which URLs the Worker may call for a calendar (issue 14): the shared rule of app/domain/net/callable-url.ts (https
 * on a public host in production; http and any host in development), refused as a CalendarUrlError.
 */
import { callableUrl } from '#app/domain/net/callable-url.ts'
import type { AppEnv } from '../env.server.ts'
import { CalendarUrlError } from './provider.server.ts'

/** The URL when the deployment may call it; otherwise a CalendarUrlError saying why. */
export function assertCallableUrl(url: string, env: AppEnv): URL {
  const checked = callableUrl(url, env.ENVIRONMENT !== 'development')
  if (!checked.url) throw new CalendarUrlError(checked.problem)
  return checked.url
}
