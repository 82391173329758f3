import { failedRequestTextKey, getToasts, showToast } from './toast.ts'

type FailureKey = NonNullable<ReturnType<typeof failedRequestTextKey>>

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
 */
export function reportingFailures(
  fetchImpl: typeof fetch,
  origin: string,
  report: (key: FailureKey) => void,
): typeof fetch {
  return async (input, init) => {
    let sameOrigin = false
    try {
      sameOrigin = new URL(urlOf(input), origin).origin === origin
    } catch {
      // Not a URL: fetch itself will say so.
    }
    if (!sameOrigin) return fetchImpl(input, init)
    try {
      const response = await fetchImpl(input, init)
      const key = failedRequestTextKey({ status: response.status })
      if (key) report(key)
      return response
    } catch (error) {
      if (!wasAborted(input, init, error)) report('toast.serverUnavailable')
      throw error
    }
  }
}

/**
 * The one place the app's requests report their failures (SPEC §8): every request made with `fetch` on this page
 * goes through it, so Remix's navigations, form submissions, fetchers and route discovery, and the app's own
 * calls, all show the same error toast. The same text already on screen is not repeated (a poll while the
 * server is down).
 */
export function installRequestFailureToasts(translate: (key: FailureKey) => string) {
  const report = (key: FailureKey) => {
    const text = translate(key)
    if (!getToasts().some((toast) => toast.text === text)) showToast(text, { kind: 'error' })
  }
  window.fetch = reportingFailures(window.fetch.bind(window), window.location.origin, report)
}
