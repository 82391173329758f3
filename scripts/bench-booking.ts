/**
 * `npm run bench -- --booking`: public booking figures, printed, never asserted (issue 6 "Performance", issue 13).
 * The app must be built (`npm run build`). On BENCH_PORT (8813), one server after the other, each on a fresh, seeded
 * database under .wrangler/bench (`BENCH_SERVERS=wrangler,workerd,alone` chooses which, in that order):
 *   1. `wrangler dev`, as every earlier run (so the history compares): requests go through wrangler's proxy workerd
 *      and its Node process before they reach the app's workerd;
 *   2. the same built Worker served by workerd directly (scripts/bench-server.ts: wrangler's own bundle of the
 *      Worker and its Miniflare options, no proxy, no request log), behind Miniflare's entry worker and the static
 *      assets router (ADR 0122);
 *   3. the Worker alone on its own socket (Miniflare's `unsafeDirectSockets`, no static assets): no worker of
 *      Miniflare's in front, as Cloudflare runs the Worker's code for an API request; the fairest measure of what the
 *      app costs (ADR 0129). No page or static file there: their figures are the other servers'.
 * For each it measures:
 *   - D1 statements and round trips of one event page render (the page's Server-Timing header, development only),
 *     the gzipped JavaScript the event page loads and the translations its HTML embeds (under wrangler dev only);
 *   - time to first byte of the event page: median and p95 of 50 sequential requests after 5 warm-ups (not alone);
 *   - booking latency: 100 sequential bookings of different slots (100, not 20: a p95 of 20 samples is its
 *     second-slowest, ADR 0117), then RACES races of 100 concurrent bookings of one slot each, and the median of the
 *     races' p95s next to the uncontended p95 (issue 13: at most 2x; one race's p95 moves by a few milliseconds from
 *     race to race, ADR 0134); with the CPU the bench's own process and the server's processes spent during each race
 *     (schedstat, from /proc: unlike latency it does not depend on the machine's load);
 *   - the floor (ADR 0129): 100 concurrent requests that run no booking code (an API path answering 404 and, where
 *     served, a static file), measured like the race, next to the uncontended booking's p95.
 * Bookings go through node:http with a keep-alive Agent (BENCH_CLIENT=fetch: undici's fetch instead), its 100
 * connections opened before the race by one request each for a static file, or an API 404 where none is served.
 * `--profile`: the last server also runs PROFILED_RACES races with a CPU profile of the app's isolate
 * (scripts/bench-profile.ts), written to PROFILE_FILE, its top functions printed.
 */
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { type Answer, type BookingClient, bookingClient } from './bench-client.ts'
import { freePort, isolateProfiler, profileSummary, writeProfile } from './bench-profile.ts'
import {
  API_404,
  type BenchServer,
  STATIC_FILE,
  descendantsCpuMs,
  workerdDirect,
  wranglerDev,
  wranglerEnv,
} from './bench-server.ts'

const port = process.env.BENCH_PORT ?? '8813'
/** Races run under the profiler (`--profile`), each on its own slot. */
const PROFILED_RACES = 5
const PROFILE_FILE = '.wrangler/bench-race.cpuprofile'
type Profiling = { inspectorPort: number }
const base = `http://127.0.0.1:${port}`
const BENCH_PERSIST = '.wrangler/bench'
/** Sequential bookings behind the uncontended p95 (ADR 0117). */
const UNCONTENDED = 100
/** Clients of the race, all for one seat. */
const RACERS = 100
/**
 * Races run one after the other, each on its own slot: one race's p95 is its 95th answer, which moves by a few
 * milliseconds from race to race, so the ratio is read from the median of their p95s (ADR 0134).
 */
const RACES = 5
const EVENT_PAGE = '/user/demo/event/consultation?tz=Europe/Moscow'
const CONSULTATION = '/api/v2/public/demo/eventTypes/consultation'

export function percentile(values: number[], share: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]
}

const figures = (values: number[]) =>
  `median ${percentile(values, 0.5).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms`

/** A fresh database: the migrations and the seed, as `npm start` makes it. */
export function freshDatabase(persistTo = BENCH_PERSIST) {
  rmSync(persistTo, { recursive: true, force: true })
  const persist = ['--persist-to', persistTo]
  const options = { stdio: 'ignore', env: wranglerEnv } as const
  execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', ...persist], options)
  execFileSync('npx', ['tsx', 'db/seed.ts', ...persist], options)
}

export async function freeSlots(client: BookingClient, count: number): Promise<string[]> {
  const starts: string[] = []
  const now = new Date()
  for (let offset = 1; offset <= 6 && starts.length < count; offset++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
    const days = (await client.getJson(`${CONSULTATION}/days/${month.getUTCFullYear()}/${month.getUTCMonth() + 1}`))
      .data as string[]
    for (const day of days) {
      const [d, m, y] = day.split('.')
      const slots = (await client.getJson(`${CONSULTATION}/slots/${y}/${Number(m)}/${Number(d)}`)).data as {
        start: string
      }[]
      starts.push(...slots.map((s) => s.start))
      if (starts.length >= count) break
    }
  }
  return starts.slice(0, count)
}

/** The translations the event page's HTML embeds (root.tsx, docs/decisions/0079-namespaces-per-route.md). */
function embeddedTranslations(html: string): string {
  const json = html.match(/<script type="application\/json" id="i18n-resources"[^>]*>([^<]*)<\/script>/)?.[1]
  if (!json) return 'Translations in the event page HTML: none found'
  const namespaces = Object.keys(JSON.parse(json) as Record<string, unknown>)
  return `Translations in the event page HTML: ${(Buffer.byteLength(json) / 1024).toFixed(1)} KB (${namespaces.join(', ')})`
}

/** What the browser loads: D1 per render, the event page's JavaScript and its embedded translations. */
async function pageFigures(): Promise<string[]> {
  const page = await fetch(`${base}${EVENT_PAGE}`)
  const html = await page.text()
  // The module preloads and the entry's imports (the inline route manifest lists every route's files, which are
  // fetched only on navigation, so it is not scanned).
  const scripts = new Set(
    [
      ...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"/g),
      ...html.matchAll(/(?:import|from) ["'](\/assets\/[\w.-]+\.js)["']/g),
    ].map((m) => m[1]),
  )
  let raw = 0
  const sizes: { script: string; gzipped: number }[] = []
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(`${base}${script}`)).arrayBuffer())
    raw += body.length
    sizes.push({ script, gzipped: gzipSync(body, { level: 9 }).length })
  }
  const gzipped = sizes.reduce((sum, size) => sum + size.gzipped, 0)
  const largest = sizes
    .sort((a, b) => b.gzipped - a.gzipped)
    .slice(0, 4)
    .map((size) => `${size.script.replace(/^\/assets\/|-[\w-]{8}\.js$/g, '')} ${(size.gzipped / 1024).toFixed(1)}`)
  return [
    `D1 per event page render: ${page.headers.get('Server-Timing') ?? 'n/a (not development)'} (target <= 3 statements)`,
    `JavaScript of the event page: ${scripts.size} files, ${(raw / 1024).toFixed(1)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped (target <= 90 KB; largest, KB gzipped: ${largest.join(', ')})`,
    embeddedTranslations(html),
  ]
}

async function ttfb(): Promise<string> {
  const times: number[] = []
  for (let run = 0; run < 55; run++) {
    const started = performance.now()
    const response = await fetch(`${base}${EVENT_PAGE}`)
    const elapsed = performance.now() - started
    await response.arrayBuffer()
    if (run >= 5) times.push(elapsed)
  }
  return `TTFB of the event page (50 runs): ${figures(times)}`
}

let clientCounter = 0
export function book(client: BookingClient, start: string) {
  clientCounter++
  return client.post(
    `${CONSULTATION}/events`,
    JSON.stringify({
      contactInfo: { firstName: 'Bench', email: `bench${clientCounter}@example.com` },
      slots: [{ start }],
    }),
    { 'CF-Connecting-IP': `10.9.${clientCounter >> 8}.${clientCounter & 255}` },
  )
}

/** `count` requests at once: their answers, how long all took, and the CPU the server and this bench spent. */
export async function concurrently(count: number, send: () => Promise<Answer>) {
  const cpuBefore = { client: process.cpuUsage(), server: descendantsCpuMs(process.pid) }
  const started = performance.now()
  const answers = await Promise.all(Array.from({ length: count }, send))
  const totalMs = performance.now() - started
  const clientCpu = process.cpuUsage(cpuBefore.client)
  return {
    answers,
    times: answers.map((answer) => answer.ms),
    totalMs,
    serverCpuMs: descendantsCpuMs(process.pid) - cpuBefore.server,
    clientCpuMs: (clientCpu.user + clientCpu.system) / 1000,
  }
}

type Concurrent = Awaited<ReturnType<typeof concurrently>>

const cpuFigures = (run: Concurrent) =>
  `server CPU ${run.serverCpuMs.toFixed(0)} ms (${(run.serverCpuMs / run.answers.length).toFixed(2)} ms a request), this bench ${run.clientCpuMs.toFixed(0)} ms`

/**
 * The floor every request pays on this server, measured like the race (ADR 0122, 0129): 100 concurrent requests for
 * an API path that answers 404 and, where static files are served, for a static file. No booking code runs for them.
 */
async function floorFigures(client: BookingClient, server: BenchServer, uncontendedP95: number): Promise<string[]> {
  const lines: string[] = []
  for (const [what, path] of [
    ['API 404s', API_404],
    ['static files', STATIC_FILE],
  ] as const) {
    if (path === STATIC_FILE && server.warmPath !== STATIC_FILE) continue
    await client.warm(RACERS, server.warmPath)
    const run = await concurrently(RACERS, () => client.get(path))
    const p95 = percentile(run.times, 0.95)
    lines.push(
      `Floor, ${RACERS} concurrent ${what} (${path}): latency ${figures(run.times)}; ${cpuFigures(run)}; p95 ${(p95 / uncontendedP95).toFixed(1)}x the uncontended booking's p95`,
    )
  }
  return lines
}

/** The uncontended bookings, then the race for one seat, then the floor, on the server at `base`. */
async function bookingFigures(
  client: BookingClient,
  server: BenchServer,
  profiling: Profiling | null,
): Promise<string[]> {
  const starts = await freeSlots(client, UNCONTENDED + RACES + (profiling ? PROFILED_RACES : 0))
  await client.warm(1, server.warmPath)
  const sequential: number[] = []
  for (const start of starts.slice(0, UNCONTENDED)) sequential.push((await book(client, start)).ms)

  const races: Concurrent[] = []
  for (const start of starts.slice(UNCONTENDED, UNCONTENDED + RACES)) {
    await client.warm(RACERS, server.warmPath)
    races.push(await concurrently(RACERS, () => book(client, start)))
  }
  const [race] = races
  const won = race.answers.filter((r) => r.status === 201).length
  const refused = race.answers.filter((r) => r.status === 409).length
  const uncontendedP95 = percentile(sequential, 0.95)
  const p95s = races.map((run) => percentile(run.times, 0.95))
  const medianP95 = percentile(p95s, 0.5)
  const outcomes = races.map((run) => run.answers.filter((r) => r.status === 201).length)
  return [
    `Booking, uncontended (${UNCONTENDED} sequential): ${figures(sequential)}`,
    `Booking race (${RACERS} concurrent, one seat), the first of ${RACES}: ${won} booked, ${refused} got 409; latency ${figures(race.times)}; all done in ${race.totalMs.toFixed(0)} ms`,
    `CPU during the first race: ${cpuFigures(race)} (the client, ${client.name})${client.resent ? `; ${client.resent} requests resent after the server closed an idle connection` : ''}`,
    `Race p95 of the first race ${p95s[0].toFixed(1)} ms next to uncontended p95 ${uncontendedP95.toFixed(1)} ms: ${(p95s[0] / uncontendedP95).toFixed(1)}x`,
    `${RACES} races (booked ${outcomes.join(', ')}), p95 ${p95s.map((ms) => ms.toFixed(1)).join(', ')} ms, server CPU ${races.map((run) => run.serverCpuMs.toFixed(0)).join(', ')} ms; median p95 ${medianP95.toFixed(1)} ms next to uncontended p95 ${uncontendedP95.toFixed(1)} ms: ${(medianP95 / uncontendedP95).toFixed(1)}x (target <= 2x)`,
    ...(await floorFigures(client, server, uncontendedP95)),
    ...(profiling ? await profiledRaces(client, server, profiling, starts.slice(UNCONTENDED + RACES)) : []),
  ]
}

/** Races on fresh slots with the isolate's profiler on (after the timed figures, which it would slow). */
async function profiledRaces(client: BookingClient, server: BenchServer, profiling: Profiling, starts: string[]) {
  const profiler = await isolateProfiler(profiling.inspectorPort, 'booking-service')
  try {
    // The connections are opened before the profiler starts and stay open from race to race.
    await client.warm(RACERS, server.warmPath)
    await profiler.start()
    for (const start of starts) await concurrently(RACERS, () => book(client, start))
    const profile = await profiler.stop()
    writeProfile(PROFILE_FILE, profile)
    return [
      `CPU profile of the app's isolate over ${starts.length} races (${PROFILE_FILE}):`,
      ...profileSummary(profile, 25),
    ]
  } finally {
    profiler.close()
  }
}

async function measureOn(server: BenchServer, withPage: boolean, profiling: Profiling | null): Promise<string[]> {
  freshDatabase()
  await server.start()
  const client = bookingClient(base, process.env.BENCH_CLIENT)
  try {
    return [
      `${server.label}:`,
      ...(withPage ? await pageFigures() : []),
      ...(server.warmPath === STATIC_FILE ? [await ttfb()] : []),
      ...(await bookingFigures(client, server, profiling)),
    ]
  } finally {
    client.close()
    await server.stop()
  }
}

/**
 * The servers in order (`BENCH_SERVERS`, a comma list of wrangler, workerd, alone; all three unless told). With
 * `profile` the last of them also runs PROFILED_RACES races under the isolate's profiler.
 */
export async function bookingBench(options: { profile?: boolean } = {}): Promise<string[]> {
  const chosen = (process.env.BENCH_SERVERS ?? 'wrangler,workerd,alone').split(',').map((name) => name.trim())
  const lines: string[] = []
  for (const [index, name] of chosen.entries()) {
    const profiling = options.profile && index === chosen.length - 1 ? { inspectorPort: await freePort() } : null
    const server =
      name === 'wrangler'
        ? wranglerDev(port, base, BENCH_PERSIST)
        : await workerdDirect(port, base, BENCH_PERSIST, name === 'alone' ? 'alone' : 'entry', profiling?.inspectorPort)
    if (index > 0) lines.push('')
    lines.push(...(await measureOn(server, name === 'wrangler', profiling)))
  }
  return lines
}
