/**
 * SPEC §8 "outdated app version (reinstall)" and SPEC §2's modal for an old installed web app: every answer of the
 * Worker names the build it runs (`X-App-Version`, the Remix build's version, workers/app.ts); the page knows the
 * build it was loaded from (`window.__remixManifest.version`). An answer from another build means this page (a tab
 * left open, an installed web app started from its cache) is older than the server: the modal asks to reload,
 * or to reinstall an installed app. ADR 0085.
 */
import { useSyncExternalStore } from 'react'

export const APP_VERSION_HEADER = 'X-App-Version'

let outdated = false
const listeners = new Set<() => void>()

/** Is an answer from `serverVersion` newer than this page's build `pageVersion`? Unknown versions never are. */
export function isOutdated(pageVersion: string | undefined, serverVersion: string | null): boolean {
  return Boolean(pageVersion && serverVersion && pageVersion !== serverVersion)
}

/** The build this page was loaded from (undefined before Remix's manifest is there, say in tests). */
export function pageVersion(): string | undefined {
  return (globalThis as { __remixManifest?: { version?: string } }).__remixManifest?.version
}

/** Called with the version header of each answer of this site: once outdated, the page stays outdated. */
export function noteServerVersion(serverVersion: string | null, page: string | undefined = pageVersion()) {
  if (outdated || !isOutdated(page, serverVersion)) return
  outdated = true
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** True once an answer came from another build than this page's. */
export function useAppOutdated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => outdated,
    () => false,
  )
}

/** How long a page must have been in the background before its return asks the server's build (ADR 0106). */
export const RESUME_CHECK_AFTER_MS = 60_000
/** The smallest answer of the Worker: no session, no database; like every answer it names the server's build. */
export const VERSION_PROBE_PATH = '/api/v2/definitions/eventTypeColors'

/**
 * An installed web app (or a tab) brought back after a while, or restored from the back-forward cache, may run a
 * build older than the server's before it sends anything: on its return it asks once (a HEAD of the probe path) and
 * the answer's version feeds `noteServerVersion`. A failed probe says nothing: the network of a phone just woken
 * may not be up yet, and the next real request reports its own failure (ADR 0106).
 */
export function checkVersionOnResume(
  win: Pick<Window, 'addEventListener'> & { document: Pick<Document, 'visibilityState' | 'addEventListener'> },
  probe: () => Promise<string | null>,
  now: () => number = Date.now,
) {
  const ask = () => {
    if (!outdated) probe().then(noteServerVersion, () => {})
  }
  let hiddenAt = win.document.visibilityState === 'hidden' ? now() : null
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') {
      hiddenAt = now()
      return
    }
    if (hiddenAt !== null && now() - hiddenAt >= RESUME_CHECK_AFTER_MS) ask()
    hiddenAt = null
  })
  win.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) ask()
  })
}
