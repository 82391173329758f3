/**
 * `npm run api:demo` (issue 17): a partner's first script against the JSON API, with nothing but the app's address
 * and a personal access token (made on /profile/api). It lists the specialist's event types, finds the first free
 * slot of the first active one and books it the way the public booking page does, with an Idempotency-Key.
 *
 *   APP_URL=http://localhost:8787 FASTSLOT_TOKEN=fs_pat_... npm run api:demo
 *
 * The paths are written here for now; once the OpenAPI document (/api/openapi.json) lands, the script will read
 * them from it instead. A read-only token is enough: the booking itself is the public call.
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

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(new URL(`/api/v2${path}`, appUrl), {
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
      throw new Error(`${method} ${path}: ${response.status} ${envelope.apiErrors.map((e) => e.text).join('; ')}`)
    }
    return envelope.data
  }
}

type EventType = { id: string; name: string; link: string; isActive: boolean; durationInMinutes: number }
type Slot = { day: string; from: string; to: string; start: string; end: string; seatsLeft: number }

const profile = await call<{ login: string; firstName: string }>('GET', '/profile')
const { items } = await call<{ items: EventType[] }>('GET', '/eventTypes?limit=50&offset=0')
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
  const days = await call<string[]>('GET', `/eventTypes/${eventType.id}/days/${year}/${number}`)
  for (const day of days) {
    const [d, m, y] = day.split('.')
    const slots = await call<Slot[]>('GET', `/eventTypes/${eventType.id}/slots/${y}/${m}/${d}`)
    slot = slots.find((s) => s.seatsLeft > 0)
    if (slot) break
  }
}
if (!slot) throw new Error(`No free slot of "${eventType.name}" in the next three months`)
console.log(`First free slot of "${eventType.name}": ${slot.day} ${slot.from}-${slot.to} (${slot.start})`)

const booked = await call<{ meetingIds: string[] }>(
  'POST',
  `/public/${profile.login}/eventTypes/${eventType.link}/events`,
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
