import { describe, expect, it } from 'vitest'
import { VPN_HINT_AFTER_MS, reportingFailures } from '#app/components/ui/request-failures.ts'

const ORIGIN = 'https://app.example'

/** A fetch answering with the given status (and headers), or failing like a browser without network. */
function fakeFetch(answer: number | 'network' | 'abort', headers: HeadersInit = {}): typeof fetch {
  return async () => {
    if (answer === 'network') throw new TypeError('Failed to fetch')
    if (answer === 'abort') throw new DOMException('The user aborted a request.', 'AbortError')
    return new Response(null, { status: answer, headers })
  }
}

async function reported(
  answer: number | 'network' | 'abort',
  input: RequestInfo | URL,
  init?: RequestInit,
  options: { online?: boolean; headers?: HeadersInit; versions?: (string | null)[] } = {},
) {
  const keys: string[] = []
  const wrapped = reportingFailures(fakeFetch(answer, options.headers), ORIGIN, (key) => keys.push(key), {
    online: options.online === undefined ? undefined : () => options.online === true,
    onServerVersion: (version) => options.versions?.push(version),
  })
  const outcome = await wrapped(input, init).then(
    (response) => response.status,
    (error: Error) => error.name,
  )
  return { keys, outcome }
}

describe('failed requests (SPEC §8)', () => {
  it('report a network failure, 429 and 503 of same-origin requests with their texts', async () => {
    expect(await reported('network', '/login.data')).toEqual({
      keys: ['toast.serverUnavailable'],
      outcome: 'TypeError',
    })
    expect(await reported(429, '/booking/calendar/demo/consultation?part=month')).toEqual({
      keys: ['toast.tooManyRequests'],
      outcome: 429,
    })
    expect(await reported(503, new URL('/api/v2/definitions/timeZones', ORIGIN))).toEqual({
      keys: ['toast.serviceUnavailable'],
      outcome: 503,
    })
    expect((await reported(503, new Request(`${ORIGIN}/__manifest?p=%2Flogin`))).keys).toEqual([
      'toast.serviceUnavailable',
    ])
  })

  it('leave other answers, other sites and cancelled requests alone', async () => {
    for (const status of [200, 302, 400, 401, 404, 500]) expect((await reported(status, '/x')).keys).toEqual([])
    expect(await reported('network', 'https://fcmregistrations.googleapis.com/v1/x')).toEqual({
      keys: [],
      outcome: 'TypeError',
    })
    expect(await reported(503, 'https://other.example/')).toEqual({ keys: [], outcome: 503 })
    expect(await reported('abort', '/login.data')).toEqual({ keys: [], outcome: 'AbortError' })
    const controller = new AbortController()
    controller.abort()
    expect((await reported('network', '/login.data', { signal: controller.signal })).keys).toEqual([])
  })
})

describe('the VPN hint (SPEC §8)', () => {
  it('goes with a request that got no answer while the device is online', async () => {
    expect((await reported('network', '/login.data', undefined, { online: true })).keys).toEqual([
      'toast.serverUnavailable',
      'toast.vpnHint',
    ])
    expect((await reported('network', '/login.data', undefined, { online: false })).keys).toEqual([
      'toast.serverUnavailable',
    ])
  })

  it("goes with Cloudflare's challenge of a shared address, not with other refusals", async () => {
    const challenged = await reported(403, '/meetings.data', undefined, { headers: { 'cf-mitigated': 'challenge' } })
    expect(challenged.keys).toEqual(['toast.vpnHint'])
    expect((await reported(403, '/meetings.data')).keys).toEqual([])
    expect((await reported('abort', '/login.data', undefined, { online: true })).keys).toEqual([])
    expect((await reported('network', 'https://other.example/', undefined, { online: true })).keys).toEqual([])
  })
})

describe('the VPN hint on a request without an answer for long (ADR 0107)', () => {
  /** A fetch that answers when told to, and a timer the test fires by hand. */
  function slow(online: boolean) {
    const keys: string[] = []
    let answer: (status: number) => void = () => {}
    let fire: (() => void) | null = null
    let waitedMs = 0
    const pending: typeof fetch = () =>
      new Promise((resolve) => (answer = (status) => resolve(new Response(null, { status }))))
    const wrapped = reportingFailures(pending, ORIGIN, (key) => keys.push(key), {
      online: () => online,
      after: (ms, run) => {
        waitedMs = ms
        fire = run
        return () => {
          fire = null
        }
      },
    })
    return { keys, wrapped, answer: (status: number) => answer(status), fire: () => fire?.(), waited: () => waitedMs }
  }

  it('shows once the wait is over while online, and the request goes on to its answer', async () => {
    const request = slow(true)
    const outcome = request.wrapped('/meetings.data')
    expect(request.waited()).toBe(VPN_HINT_AFTER_MS)
    request.fire()
    expect(request.keys).toEqual(['toast.vpnHint'])
    request.answer(200)
    expect((await outcome).status).toBe(200)
    expect(request.keys).toEqual(['toast.vpnHint'])
  })

  it('says nothing offline, nor once the answer came in time', async () => {
    const offline = slow(false)
    const outcome = offline.wrapped('/meetings.data')
    offline.fire()
    offline.answer(200)
    await outcome
    expect(offline.keys).toEqual([])
    const quick = slow(true)
    const answered = quick.wrapped('/meetings.data')
    quick.answer(200)
    await answered
    quick.fire()
    expect(quick.keys).toEqual([])
  })
})

describe('the server build of each answer', () => {
  it('is passed on for same-origin answers only', async () => {
    const versions: (string | null)[] = []
    await reported(200, '/x', undefined, { headers: { 'X-App-Version': 'b2' }, versions })
    await reported(500, '/y', undefined, { versions })
    await reported(200, 'https://other.example/', undefined, { headers: { 'X-App-Version': 'other' }, versions })
    expect(versions).toEqual(['b2', null])
  })
})
