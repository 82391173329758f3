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
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { Miniflare } from 'miniflare'
import { unstable_getMiniflareWorkerOptions } from 'wrangler'
import { book, concurrently, freeSlots } from './bench-booking.ts'
import { type BookingClient, bookingClient } from './bench-client.ts'
import { API_404, wranglerEnv } from './bench-server.ts'

const ROUNDS = Number(process.env.AB_ROUNDS ?? 12)
const FIRST_PORT = Number(process.env.AB_PORT ?? 9301)
const RACERS = 100
const names = (process.env.AB_BUNDLES ?? '').split(',').filter(Boolean)
if (names.length === 0) throw new Error('AB_BUNDLES: the bundles under .wrangler/ab to compare, e.g. main,change')

type Side = { name: string; mf: Miniflare; client: BookingClient; starts: string[]; cpu: number[]; p95: number[] }

function freshDatabase(persist: string) {
  rmSync(persist, { recursive: true, force: true })
  const options = { stdio: 'ignore', env: wranglerEnv } as const
  execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], options)
  execFileSync('npx', ['tsx', 'db/seed.ts', '--persist-to', persist], options)
}

const at = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))]

async function serve(name: string, port: number): Promise<Side & { uncontended: number }> {
  const persist = `.wrangler/ab-db/${name}`
  freshDatabase(persist)
  const base = `http://127.0.0.1:${port}`
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml')
  const mf = new Miniflare({
    ...workerOptions,
    name: 'booking-service',
    // Under the working directory: workerd refuses a module path that leaves it.
    modules: [{ type: 'ESModule', path: resolve('.wrangler/ab', name, 'app.js') }],
    bindings: { ...workerOptions.bindings, ENVIRONMENT: 'development', APP_URL: base },
    defaultPersistRoot: join(persist, 'v3'),
    host: '127.0.0.1',
    port: 0,
    // No static assets: with them Miniflare routes even the Worker's own socket through its assets router (ADR 0129).
    assets: undefined,
    unsafeDirectSockets: [{ host: '127.0.0.1', port }],
    logRequests: false,
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      stdout.resume()
      stderr.resume()
    },
  } as ConstructorParameters<typeof Miniflare>[0])
  await mf.ready
  const client = bookingClient(base, undefined)
  const starts = await freeSlots(client, 20 + 2 + ROUNDS)
  await client.warm(RACERS, API_404)
  const sequential: number[] = []
  for (const start of starts.splice(0, 20)) sequential.push((await book(client, start)).ms)
  for (const start of starts.splice(0, 2)) await concurrently(RACERS, () => book(client, start))
  return { name, mf, client, starts, cpu: [], p95: [], uncontended: at(sequential, 0.5) }
}

const sides: (Side & { uncontended: number })[] = []
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
      side.p95.push(at(race.times, 0.95))
    }
  }
  for (const side of sides) {
    const mean = side.cpu.reduce((sum, ms) => sum + ms, 0) / side.cpu.length
    console.log(
      `${side.name}: race server CPU median ${at(side.cpu, 0.5).toFixed(1)} ms, mean ${mean.toFixed(1)} ms; race p95 median ${at(side.p95, 0.5).toFixed(1)} ms; uncontended median ${side.uncontended.toFixed(1)} ms; races ${side.cpu.map((ms) => ms.toFixed(0)).join(' ')}`,
    )
  }
} finally {
  for (const side of sides) {
    side.client.close()
    await side.mf.dispose()
  }
}
