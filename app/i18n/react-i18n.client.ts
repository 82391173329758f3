import { useSyncExternalStore } from 'react'
import { type TranslateOptions, type Texts, translate } from './translator.ts'

/**
 * The browser's `react-i18next` (docs/decisions/0116-client-translator.md): vite.config.ts resolves `react-i18next`
 * to this module in the client build only, so components keep importing `useTranslation` from `react-i18next` and
 * the server keeps rendering with i18next. It offers what the app's components use: `useTranslation(ns?)` giving
 * `t` and `i18n` (`language`, `changeLanguage`, `t`, `store.data`), suspending while a namespace the page needs is
 * fetched (docs/decisions/0079-namespaces-per-route.md).
 */

const DEFAULT_NAMESPACE = 'common'

/** Texts per language, then per namespace. */
const data: Record<string, Record<string, Texts>> = {}
let language = 'ru'
/** `language/namespace` fetched (or failed: its keys then show raw, as i18next's do) and in flight. */
const settled = new Set<string>()
const loading = new Map<string, Promise<void>>()
const listeners = new Set<() => void>()

type T = (key: string, options?: TranslateOptions | string) => string
const fixed = new Map<string, T>()

/** A `t` for one language and default namespace, the same function each time (components may depend on it). */
function fixedT(lng: string, namespace: string): T {
  const id = `${lng}/${namespace}`
  let t = fixed.get(id)
  if (!t) {
    t = (key, options) =>
      translate(
        (ns) => data[lng]?.[ns],
        lng,
        namespace,
        key,
        typeof options === 'string' ? { defaultValue: options } : options,
      ) as string
    fixed.set(id, t)
  }
  return t
}

/** One namespace of a language from app/routes/locales.$language.$namespace.ts, once per page. */
function load(lng: string, namespace: string): Promise<void> {
  const id = `${lng}/${namespace}`
  if (settled.has(id)) return Promise.resolve()
  let pending = loading.get(id)
  if (!pending) {
    pending = fetch(`/locales/${encodeURIComponent(lng)}/${encodeURIComponent(namespace)}`)
      .then((response) => {
        if (!response.ok) throw new Error(`Translations ${id}: ${response.status}`)
        return response.json() as Promise<Texts>
      })
      .then(
        (texts) => {
          data[lng] = { ...data[lng], [namespace]: texts }
        },
        // The request-failure toast tells the visitor (request-failures.ts); the page goes on with the keys.
        () => {},
      )
      .finally(() => {
        settled.add(id)
        loading.delete(id)
      })
    loading.set(id, pending)
  }
  return pending
}

function loadAll(lng: string, namespaces: readonly string[]): Promise<unknown> {
  return Promise.all(namespaces.map((namespace) => load(lng, namespace)))
}

function notify() {
  for (const listener of listeners) listener()
}

export const i18n = {
  get language() {
    return language
  },
  store: { data },
  /** A text in the current language (outside React: the request-failure toasts). */
  t: (key: string, options?: TranslateOptions | string) => fixedT(language, DEFAULT_NAMESPACE)(key, options),
  /** Switches once the namespaces this page has in the current language are there in the next one too. */
  async changeLanguage(next: string) {
    const namespaces = [...settled].filter((id) => id.startsWith(`${language}/`)).map((id) => id.split('/')[1])
    await loadAll(next, namespaces)
    if (next === language) return
    language = next
    notify()
  },
}

/** The document's language and the namespaces it embedded (entry.client.tsx), before hydration. */
export function startTranslations(lng: string, embedded: Record<string, Texts>) {
  language = lng
  data[lng] = { ...embedded }
  for (const namespace of Object.keys(embedded)) settled.add(`${lng}/${namespace}`)
}

/** The loading of those of `namespaces` that the current language does not have yet, or null when it has them all. */
export function namespacesLoading(namespaces: readonly string[]): Promise<unknown> | null {
  const missing = namespaces.filter((namespace) => !settled.has(`${language}/${namespace}`))
  return missing.length > 0 ? loadAll(language, missing) : null
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const currentLanguage = () => language

/** react-i18next's hook: `t` defaults to the first namespace named (else `common`); suspends until they are there. */
export function useTranslation(ns?: string | readonly string[]) {
  const lng = useSyncExternalStore(subscribe, currentLanguage, currentLanguage)
  const namespaces = ns === undefined ? [DEFAULT_NAMESPACE] : typeof ns === 'string' ? [ns] : ns
  const missing = namespaces.filter((namespace) => !settled.has(`${lng}/${namespace}`))
  // entry.client.tsx holds a navigation's render until the route's namespaces are there, so the old page stays;
  // a namespace no route declared suspends here.
  if (missing.length > 0) throw loadAll(lng, missing)
  return { t: fixedT(lng, namespaces[0] ?? DEFAULT_NAMESPACE), i18n, ready: true }
}
