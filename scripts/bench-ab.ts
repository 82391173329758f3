/**
 * `npx tsx scripts/bench-ab.ts`: an interleaved A/B of the booking race's server CPU between Worker bundles (ADR 0134).
 * A latency depends on what else the machine runs; the CPU a race costs the server hardly does, and races of the
 * bundles in turn share whatever noise there is. Make each bundle with the app built as it should be measured:
 *   npm run build && SKIP_APP_BUILD=1 npx wrangler deploy --dry-run --outdir .wrangler/ab/<name>
 * then `AB_BUNDLES=<name>,<name>... [AB_ROUNDS=12] npx tsx scripts/bench-ab.ts`. Each bundle is served alone (as the
 * bench's third server, ADR 0129) on its own fresh, seeded database and port (AB_PORT, 9301, and on); after 20
 * sequential bookings and 2 warm-up races each, the rounds run one race of 100 for one seat on each bundle, in turn
 * and in reverse turn; it prints per bundle the median and mean server CPU of its races (the other servers idle
 * meanwhile), the median race p95 and the uncontended median.
 */
import { book, concurrently, freeSlots, freshDatabase, percentile } from './bench-booking.ts'
import { type BookingClient, bookingClient } from './bench-client.ts'
import { API_404, type BenchServer, workerdDirect } from './bench-server.ts'

const ROUNDS = Number(process.env.AB_ROUNDS ?? 12)
const FIRST_PORT = Number(process.env.AB_PORT ?? 9301)
const RACERS = 100
const names = (process.env.AB_BUNDLES ?? '').split(',').filter(Boolean)
if (names.length === 0) throw new Error('AB_BUNDLES: the bundles under .wrangler/ab to compare, e.g. main,change')

type Side = {
  name: string
  server: BenchServer
  client: BookingClient
  starts: string[]
  cpu: number[]
  p95: number[]
  uncontended: number
}

/** The bundle served as the bench's Worker alone (scripts/bench-server.ts), warmed up on its own database. */
async function serve(name: string, port: number): Promise<Side> {
  const persist = `.wrangler/ab-db/${name}`
  freshDatabase(persist)
  const base = `http://127.0.0.1:${port}`
  // Under the working directory: workerd refuses a module path that leaves it.
  const server = await workerdDirect(String(port), base, persist, 'alone', undefined, `.wrangler/ab/${name}`)
  await server.start()
  const client = bookingClient(base, undefined)
  const starts = await freeSlots(client, 20 + 2 + ROUNDS)
  await client.warm(RACERS, API_404)
  const sequential: number[] = []
  for (const start of starts.splice(0, 20)) sequential.push((await book(client, start)).ms)
  for (const start of starts.splice(0, 2)) await concurrently(RACERS, () => book(client, start))
  return { name, server, client, starts, cpu: [], p95: [], uncontended: percentile(sequential, 0.5) }
}

const sides: Side[] = []
for (const [index, name] of names.entries()) sides.push(await serve(name, FIRST_PORT + index))
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      await side.client.warm(RACERS, API_404)
      const start = side.starts.shift() as string
      const race = await concurrently(RACERS, () => book(side.client, start))
      const booked = race.answers.filter((answer) => answer.status === 201).length
      if (booked !== 1) console.log(`${side.name}: ${booked} booked in one race (expected 1)`)
      side.cpu.push(race.serverCpuMs)
      side.p95.push(percentile(race.times, 0.95))
    }
  }
  for (const side of sides) {
    const mean = side.cpu.reduce((sum, ms) => sum + ms, 0) / side.cpu.length
    console.log(
      `${side.name}: race server CPU median ${percentile(side.cpu, 0.5).toFixed(1)} ms, mean ${mean.toFixed(1)} ms; race p95 median ${percentile(side.p95, 0.5).toFixed(1)} ms; uncontended median ${side.uncontended.toFixed(1)} ms; races ${side.cpu.map((ms) => ms.toFixed(0)).join(' ')}`,
    )
  }
} finally {
  for (const side of sides) {
    side.client.close()
    await side.server.stop()
  }
}
