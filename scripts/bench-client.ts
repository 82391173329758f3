/**
 * The bench's booking client (ADR 0122). The bench shares the machine's two cores with the server it measures, so
 * what the client spends is taken from the server: node:http with a keep-alive Agent costs the bench's process less
 * per request than undici's fetch (measured in the ADR). `warm(n)` opens n connections before they are timed, one
 * request each (a static file, or an API 404 where no static file is served), so neither the race nor the uncontended loop times a connection's opening.
 */
import { Agent, request } from 'node:http'

export type Answer = { ms: number; status: number }

export interface BookingClient {
  name: string
  /** Requests sent again after the server closed their idle connection (node:http only; undici retries unseen). */
  resent: number
  getJson(path: string): Promise<{ data: unknown }>
  get(path: string): Promise<Answer>
  post(path: string, body: string, headers: Record<string, string>): Promise<Answer>
  /** Opens `connections` connections, one request for `path` each (a static file, or an API 404 where none is served). */
  warm(connections: number, path: string): Promise<void>
  close(): void
}

function httpClient(base: string): BookingClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 100 })
  function send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    return new Promise<{ ms: number; status: number; text: string }>((resolve, reject) => {
      const started = performance.now()
      const outgoing = request(`${base}${path}`, { method, agent, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
          }),
        )
        response.on('error', reject)
      })
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the server had closed before the request reached it (Node's `reusedSocket`
        // advice): sent again on a new connection, counted, and timed from the first attempt.
        if (outgoing.reusedSocket && error.code === 'ECONNRESET') {
          client.resent++
          send(method, path, body, headers).then(
            (answer) => resolve({ ...answer, ms: performance.now() - started }),
            reject,
          )
        } else reject(error)
      })
      outgoing.end(body)
    })
  }
  const client: BookingClient = {
    name: 'node:http, keep-alive Agent',
    resent: 0,
    async getJson(path) {
      return JSON.parse((await send('GET', path)).text)
    },
    async get(path) {
      const { ms, status } = await send('GET', path)
      return { ms, status }
    },
    async post(path, body, headers) {
      const { ms, status } = await send('POST', path, body, {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        ...headers,
      })
      return { ms, status }
    },
    async warm(connections, path) {
      await Promise.all(Array.from({ length: connections }, () => send('GET', path)))
    },
    close() {
      agent.destroy()
    },
  }
  return client
}

function fetchClient(base: string): BookingClient {
  return {
    name: 'undici fetch',
    resent: 0,
    async getJson(path) {
      return (await fetch(`${base}${path}`)).json() as Promise<{ data: unknown }>
    },
    async get(path) {
      const started = performance.now()
      const response = await fetch(`${base}${path}`)
      await response.arrayBuffer()
      return { ms: performance.now() - started, status: response.status }
    },
    async post(path, body, headers) {
      const started = performance.now()
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      })
      await response.arrayBuffer()
      return { ms: performance.now() - started, status: response.status }
    },
    async warm(connections, path) {
      await Promise.all(Array.from({ length: connections }, async () => (await fetch(`${base}${path}`)).arrayBuffer()))
    },
    close() {},
  }
}

/** `BENCH_CLIENT=fetch` measures with undici's fetch; anything else with node:http. */
export function bookingClient(base: string, kind: string | undefined): BookingClient {
  return kind === 'fetch' ? fetchClient(base) : httpClient(base)
}
