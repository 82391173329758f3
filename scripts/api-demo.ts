/**
 * `npm run api:demo` (issue 17): a partner's first script against the JSON API, with nothing but the app's address
 * and a personal access token (made on /profile/api). It lists the specialist's event types, finds the first free
 * slot of the first active one and books it the way the public booking page does, with an Idempotency-Key.
 *
 *   APP_URL=http://localhost:8787 FASTSLOT_TOKEN=fs_pat_... npm run api:demo
 *
 * It knows no path but the OpenAPI document's (/api/openapi.json, ADR 0104): every call is found there by its
 * operationId, its path and server read from the document. A read-only token is enough: the booking itself is the
 * public call.
 */
const appUrl = process.env.APP_URL ?? 'http://localhost:8787'
const token = process.env.FASTSLOT_TOKEN ?? process.argv[2] ?? ''
if (!token.startsWith('fs_pat_')) {
  console.error(
    'Give a personal access token (fs_pat_...) as FASTSLOT_TOKEN or the first argument: /profile/api makes one.',
  )
  process.exit(2)
}

type Envelope<T> = { isOk: boolean; data: T; apiErrors: { text: string }[] }
type OpenApi = {
  servers: { url: string }[]
  paths: Record<string, Record<string, { operationId: string; summary: string }>>
}

const documentResponse = await fetch(new URL('/api/openapi.json?lang=en', appUrl))
if (!documentResponse.ok) throw new Error(`GET /api/openapi.json: ${documentResponse.status}`)
const openApi = (await documentResponse.json()) as OpenApi
const operations = new Map(
  Object.entries(openApi.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => [op.operationId, { method: method.toUpperCase(), path, ...op }]),
  ),
)
console.log(`${operations.size} operations in /api/openapi.json`)

/** Calls an operation of the document by its operationId, its `{params}` filled in, with the token. */
async function call<T>(
  operationId: string,
  params: Record<string, string | number> = {},
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const op = operations.get(operationId)
  if (!op) throw new Error(`The API document has no operation ${operationId}`)
  const { method } = op
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${operationId} needs {${name}}`)
    return encodeURIComponent(String(params[name]))
  })
  const query = new URLSearchParams(
    Object.entries(params)
      .filter(([name]) => !op.path.includes(`{${name}}`))
      .map(([name, value]) => [name, String(value)]),
  )
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(new URL(`${openApi.servers[0].url}${path}${query.size ? `?${query}` : ''}`, appUrl), {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Accept-Language': 'en',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    // 429: wait as long as Retry-After says, then try again (README "API").
    if (response.status === 429 && attempt < 3) {
      const seconds = Number(response.headers.get('Retry-After') ?? '1')
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
      continue
    }
    const envelope = (await response.json()) as Envelope<T>
    if (!envelope.isOk) {
      throw new Error(
        `${operationId} (${method} ${path}): ${response.status} ${envelope.apiErrors.map((e) => e.text).join('; ')}`,
      )
    }
    return envelope.data
  }
}

type EventType = { id: string; name: string; link: string; isActive: boolean; durationInMinutes: number }
type Slot = { day: string; from: string; to: string; start: string; end: string; seatsLeft: number }

const profile = await call<{ login: string; firstName: string }>('getProfile')
const { items } = await call<{ items: EventType[] }>('listEventTypes', { limit: 50, offset: 0 })
console.log(`${profile.firstName} (${profile.login}) has ${items.length} event type(s):`)
for (const item of items)
  console.log(`  - ${item.name} (/${item.link}, ${item.durationInMinutes} min)${item.isActive ? '' : ' [off]'}`)
const eventType = items.find((item) => item.isActive)
if (!eventType) throw new Error('No active event type to book')

let slot: Slot | undefined
const now = new Date()
for (let step = 0; step < 3 && !slot; step++) {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + step, 1))
  const [year, number] = [month.getUTCFullYear(), month.getUTCMonth() + 1]
  const days = await call<string[]>('listPublicDays', {
    login: profile.login,
    eventLink: eventType.link,
    year,
    month: number,
  })
  for (const day of days) {
    const [d, m, y] = day.split('.')
    const slots = await call<Slot[]>('listPublicSlots', {
      login: profile.login,
      eventLink: eventType.link,
      year: y,
      month: m,
      day: d,
    })
    slot = slots.find((s) => s.seatsLeft > 0)
    if (slot) break
  }
}
if (!slot) throw new Error(`No free slot of "${eventType.name}" in the next three months`)
console.log(`First free slot of "${eventType.name}": ${slot.day} ${slot.from}-${slot.to} (${slot.start})`)

const booked = await call<{ meetingIds: string[] }>(
  'book',
  { login: profile.login, eventLink: eventType.link },
  {
    contactInfo: {
      firstName: process.env.GUEST_FIRST_NAME ?? 'API',
      lastName: process.env.GUEST_LAST_NAME ?? 'Demo',
      email: process.env.GUEST_EMAIL ?? `api-demo-${Date.now()}@example.com`,
    },
    slots: [{ start: slot.start }],
  },
  // The same key on a retry books once (README "API").
  { 'Idempotency-Key': crypto.randomUUID() },
)
console.log(`Booked: meeting ${booked.meetingIds.join(', ')}`)

export {}
