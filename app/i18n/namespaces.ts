/**
 * Translation namespaces per page (docs/decisions/0079-namespaces-per-route.md). A route declares the namespaces its
 * page may show in `handle.i18n` (a list, or a function of the route's loader data); the document embeds only those
 * of the matched routes (root.tsx), and the browser loads another namespace on demand when a client navigation
 * needs it (entry.client.tsx). A matched route without a declaration embeds every namespace, so an undeclared page
 * never shows a raw key. No translation file is imported here: the browser bundles this module.
 */

export const NAMESPACES = [
  'common',
  'api',
  'validation',
  'accounts',
  'eventTypes',
  'schedules',
  'booking',
  'notify',
  'contacts',
  'meetings',
  'push',
  'oneTime',
  'calendars',
  'billing',
  'developer',
  'plans',
  'waitlist',
] as const
export type Namespace = (typeof NAMESPACES)[number]

/** Every page: the header, the error screens, toasts (`common`), and the request-failure and envelope texts (`api`). */
export const BASE_NAMESPACES: readonly Namespace[] = ['common', 'api']

export type RouteI18n = readonly Namespace[] | ((data: unknown) => readonly Namespace[])

/** What a route module exports as `handle` to declare its namespaces. */
export type I18nHandle = { i18n: RouteI18n }

type Match = { id: string; handle?: unknown; data?: unknown }

function declared(match: Match): RouteI18n | null {
  const handle = match.handle as { i18n?: RouteI18n } | undefined
  return handle?.i18n ?? null
}

/** The namespaces the matched routes' pages use, in NAMESPACES order; every namespace when one route declares none. */
export function routeNamespaces(matches: readonly Match[]): Namespace[] {
  const wanted = new Set<Namespace>(BASE_NAMESPACES)
  for (const match of matches) {
    if (match.id === 'root') continue
    const i18n = declared(match)
    if (!i18n) return [...NAMESPACES]
    for (const namespace of typeof i18n === 'function' ? i18n(match.data) : i18n) wanted.add(namespace)
  }
  return NAMESPACES.filter((namespace) => wanted.has(namespace))
}

/** The part of one language's texts that the page embeds. */
export function pickNamespaces(texts: Record<string, unknown>, namespaces: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(namespaces.filter((namespace) => namespace in texts).map((ns) => [ns, texts[ns]]))
}
