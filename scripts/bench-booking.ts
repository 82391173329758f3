/**
 * `npm run bench -- --booking`: public booking figures under `wrangler dev` (issue 6 "Performance"), printed,
 * never asserted. Starts its own server on BENCH_PORT (8813) with a fresh, seeded database under .wrangler/bench
 * (the app must be built: `npm run build`), then measures:
 *   - D1 statements and round trips of one event page render (the page's Server-Timing header, development only);
 *   - gzipped JavaScript the event page loads (every /assets/*.js the HTML references, gzipped here), and the
 *     translations its HTML embeds (the i18n script's size and namespaces);
 *   - time to first byte of the event page: median and p95 of 50 sequential requests after 5 warm-ups;
 *   - booking latency: 100 sequential bookings of different slots (100, not 20: a p95 of 20 samples is its
 *     second-slowest, ADR 0117), then 100 concurrent bookings of one slot, and the race's p95 next to the
 *     uncontended p95 (issue 13: at most 2x).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const port = process.env.BENCH_PORT ?? '8813'
const base = `http://127.0.0.1:${port}`
const persist = ['--persist-to', '.wrangler/bench']
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }
/** Sequential bookings behind the uncontended p95 (ADR 0117). */
const UNCONTENDED = 100
const EVENT_PAGE = '/user/demo/event/consultation?tz=Europe/Moscow'

function percentile(values: number[], share: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]
}

async function waitForServer(deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/favicon.svg`)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`wrangler dev did not answer on ${base}`)
}

function startServer(): ChildProcess {
  rmSync('.wrangler/bench', { recursive: true, force: true })
  execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', ...persist], { stdio: 'ignore', env })
  execFileSync('npx', ['tsx', 'db/seed.ts', ...persist], { stdio: 'ignore', env })
  return spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--port',
      port,
      '--ip',
      '127.0.0.1',
      '--var',
      'ENVIRONMENT:development',
      '--var',
      `APP_URL:${base}`,
      ...persist,
    ],
    { stdio: 'ignore', env, detached: true },
  )
}

async function freeSlots(count: number): Promise<string[]> {
  const starts: string[] = []
  const now = new Date()
  for (let offset = 1; offset <= 6 && starts.length < count; offset++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
    const y = month.getUTCFullYear()
    const m = month.getUTCMonth() + 1
    const days = (await (await fetch(`${base}/api/v2/public/demo/eventTypes/consultation/days/${y}/${m}`)).json()) as {
      data: string[]
    }
    for (const day of days.data) {
      const d = Number(day.slice(0, 2))
      const slots = (await (
        await fetch(`${base}/api/v2/public/demo/eventTypes/consultation/slots/${y}/${m}/${d}`)
      ).json()) as {
        data: { start: string }[]
      }
      starts.push(...slots.data.map((s) => s.start))
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

let clientCounter = 0
async function book(start: string): Promise<{ ms: number; status: number }> {
  clientCounter++
  const started = performance.now()
  const response = await fetch(`${base}/api/v2/public/demo/eventTypes/consultation/events`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'CF-Connecting-IP': `10.9.${clientCounter >> 8}.${clientCounter & 255}`,
    },
    body: JSON.stringify({
      contactInfo: { firstName: 'Bench', email: `bench${clientCounter}@example.com` },
      slots: [{ start }],
    }),
  })
  await response.arrayBuffer()
  return { ms: performance.now() - started, status: response.status }
}

export async function bookingBench(): Promise<string[]> {
  const lines: string[] = []
  const server = startServer()
  try {
    await waitForServer(Date.now() + 120_000)

    const page = await fetch(`${base}${EVENT_PAGE}`)
    const html = await page.text()
    lines.push(
      `D1 per event page render: ${page.headers.get('Server-Timing') ?? 'n/a (not development)'} (target <= 3 statements)`,
    )

    // What the browser loads: the module preloads and the entry's imports (the inline route manifest lists every
    // route's files, which are fetched only on navigation, so it is not scanned).
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
    lines.push(
      `JavaScript of the event page: ${scripts.size} files, ${(raw / 1024).toFixed(1)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped (target <= 90 KB; largest, KB gzipped: ${largest.join(', ')})`,
    )
    lines.push(embeddedTranslations(html))

    const ttfb: number[] = []
    for (let run = 0; run < 55; run++) {
      const started = performance.now()
      const response = await fetch(`${base}${EVENT_PAGE}`)
      const elapsed = performance.now() - started
      await response.arrayBuffer()
      if (run >= 5) ttfb.push(elapsed)
    }
    lines.push(
      `TTFB of the event page (50 runs): median ${percentile(ttfb, 0.5).toFixed(1)} ms, p95 ${percentile(ttfb, 0.95).toFixed(1)} ms`,
    )

    const starts = await freeSlots(UNCONTENDED + 1)
    const sequential: number[] = []
    for (const start of starts.slice(0, UNCONTENDED)) sequential.push((await book(start)).ms)
    lines.push(
      `Booking, uncontended (${UNCONTENDED} sequential): median ${percentile(sequential, 0.5).toFixed(1)} ms, p95 ${percentile(sequential, 0.95).toFixed(1)} ms`,
    )
    const raceStarted = performance.now()
    const race = await Promise.all(Array.from({ length: 100 }, () => book(starts[UNCONTENDED])))
    const total = performance.now() - raceStarted
    const times = race.map((r) => r.ms)
    const won = race.filter((r) => r.status === 201).length
    const refused = race.filter((r) => r.status === 409).length
    lines.push(
      `Booking race (100 concurrent, one seat): ${won} booked, ${refused} got 409; latency median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms; all done in ${total.toFixed(0)} ms`,
    )
    const ratio = percentile(times, 0.95) / percentile(sequential, 0.95)
    lines.push(
      `Race p95 ${percentile(times, 0.95).toFixed(1)} ms next to uncontended p95 ${percentile(sequential, 0.95).toFixed(1)} ms: ${ratio.toFixed(1)}x (target <= 2x)`,
    )
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM')
  }
  return lines
}
