import { APP_VERSION_HEADER, VERSION_PROBE_PATH, checkVersionOnResume, noteServerVersion } from './app-version.ts'
import { failedRequestTextKey, getToasts, showToast } from './toast.ts'

/** The SPEC §8 texts a failed request shows: the status texts, and the VPN hint. */
type FailureKey = NonNullable<ReturnType<typeof failedRequestTextKey>> | 'toast.vpnHint'

/**
 * A same-origin request still without an answer after this long, while the device is online, is what a VPN whose
 * tunnel swallows packets looks like before the browser gives up (which takes from 20 seconds to minutes): the VPN
 * hint shows then, once, while the request goes on (ADR 0107).
 */
export const VPN_HINT_AFTER_MS = 20_000

type Options = {
  /** Is the device online (`navigator.onLine`)? A request without an answer while online is what a VPN causes. */
  online?: () => boolean
  /** The wait of `VPN_HINT_AFTER_MS`, as a timer; tests pass their own. */
  after?: (ms: number, run: () => void) => () => void
  /** Each answer's build version (its `X-App-Version` header), for the outdated-app check. */
  onServerVersion?: (version: string | null) => void
}

function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : String(input)
}

function wasAborted(input: RequestInfo | URL, init: RequestInit | undefined, error: unknown): boolean {
  if (init?.signal?.aborted || (input instanceof Request && input.signal.aborted)) return true
  return error instanceof Error && error.name === 'AbortError'
}

/**
 * A `fetch` that reports the SPEC §8 failures of same-origin requests: no answer at all (network), 429 and 503.
 * Requests to other sites (the Firebase SDK) and requests the app cancelled itself (a newer navigation, a
 * component gone) are not reported. The answer or the error still goes to the caller unchanged.
 *
 * The VPN hint (SPEC §8) goes with the failures a VPN causes: no answer while the device is online (the VPN's
 * tunnel or its exit is down, or the site is blocked there), and Cloudflare's challenge of the VPN's shared address
 * (a 403 with `cf-mitigated`, which a page's `fetch` cannot pass), and no answer yet after `VPN_HINT_AFTER_MS` while
 * online (ADR 0107).
 */
export function reportingFailures(
  fetchImpl: typeof fetch,
  origin: string,
  report: (key: FailureKey) => void,
  options: Options = {},
): typeof fetch {
  return async (input, init) => {
    let sameOrigin = false
    try {
      sameOrigin = new URL(urlOf(input), origin).origin === origin
    } catch {
      // Not a URL: fetch itself will say so.
    }
    if (!sameOrigin) return fetchImpl(input, init)
    const { online } = options
    const after = options.after ?? waitThen
    const stopWaiting = online
      ? after(VPN_HINT_AFTER_MS, () => {
          if (online() && !wasAborted(input, init, null)) report('toast.vpnHint')
        })
      : () => {}
    try {
      const response = await fetchImpl(input, init)
      options.onServerVersion?.(response.headers.get(APP_VERSION_HEADER))
      const key = failedRequestTextKey({ status: response.status })
      if (key) report(key)
      if (response.status === 403 && response.headers.has('cf-mitigated')) report('toast.vpnHint')
      return response
    } catch (error) {
      if (!wasAborted(input, init, error)) {
        report('toast.serverUnavailable')
        if (online?.()) report('toast.vpnHint')
      }
      throw error
    } finally {
      stopWaiting()
    }
  }
}

function waitThen(ms: number, run: () => void): () => void {
  const timer = setTimeout(run, ms)
  return () => clearTimeout(timer)
}

/**
 * The one place the app's requests report their failures (SPEC §8): every request made with `fetch` on this page
 * goes through it, so Remix's navigations, form submissions, fetchers and route discovery, and the app's own
 * calls, all show the same error toast. The same text already on screen is not repeated (a poll while the
 * server is down). Every answer's build version also feeds the outdated-app check (app-version.ts).
 */
export function installRequestFailureToasts(translate: (key: FailureKey) => string) {
  const report = (key: FailureKey) => {
    const text = translate(key)
    if (!getToasts().some((toast) => toast.text === text)) showToast(text, { kind: 'error' })
  }
  const plainFetch = window.fetch.bind(window)
  window.fetch = reportingFailures(plainFetch, window.location.origin, report, {
    online: () => navigator.onLine,
    onServerVersion: (version) => noteServerVersion(version),
  })
  // The version probe on a page's return is not the person's request: its failure shows nothing.
  checkVersionOnResume(window, async () => {
    const response = await plainFetch(VERSION_PROBE_PATH, { method: 'HEAD', cache: 'no-store' })
    return response.headers.get(APP_VERSION_HEADER)
  })
}
