/**
 * `npm run bench` section: connected calendars (issue 14). Three calendars of 500 events each, a third of them weekly
 * recurring with an exception, expanded over the sync horizon with ical.js (what a full sync costs in CPU), then the
 * busy month's slots with and without those busy times (what every page render and booking costs: the engine only,
 * since busy times come from D1 in the meetings' statement, ADR 0093).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { busyFromIcs } from '#app/domain/calendars/ical-busy.ts'
import { BUSY_HORIZON_DAYS, type BusyWindow } from '#app/domain/calendars/types.ts'
import { computeSlots, parseScenarioJson } from '#app/domain/availability/index.ts'
import { type BenchSection, measure } from './bench-measure.ts'

const DAY = 86_400_000
const pad = (n: number) => String(n).padStart(2, '0')
const utc = (ms: number) => {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00Z`
}

/** One calendar's 500 objects as CalDAV would serve them: every third weekly recurring (with an EXDATE), the rest single. */
function calendarObjects(seed: number, from: number): string[] {
  const objects: string[] = []
  for (let i = 0; i < 500; i++) {
    const start = from + ((i * 7 + seed * 3) % 330) * DAY + (8 + ((i + seed) % 9)) * 3_600_000
    const end = start + (30 + (i % 4) * 15) * 60_000
    const recurring = i % 3 === 0
    objects.push(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//bench//EN',
        'BEGIN:VEVENT',
        `UID:bench-${seed}-${i}`,
        `DTSTAMP:${utc(from)}`,
        `DTSTART:${utc(start)}`,
        `DTEND:${utc(end)}`,
        `SUMMARY:Event ${i}`,
        ...(recurring ? ['RRULE:FREQ=WEEKLY', `EXDATE:${utc(start + 14 * DAY)}`] : []),
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    )
  }
  return objects
}

export const calendarsSection: BenchSection = {
  title: 'Calendars: 3 calendars x 500 events (a third weekly recurring), horizon 366 days',
  run() {
    const scenario = join(import.meta.dirname, '..', 'tests', 'fixtures', 'scenarios', 'bench-month-moscow.json')
    const { input } = parseScenarioJson(readFileSync(scenario, 'utf8'))
    const from = input.now - DAY
    const window: BusyWindow = {
      from,
      to: from + BUSY_HORIZON_DAYS * DAY,
      timeZone: input.schedule.timeZone,
      ownEmails: [],
    }
    const calendars = [1, 2, 3].map((seed) => calendarObjects(seed, from))
    const expand = (objects: string[]) => objects.flatMap((ics) => busyFromIcs(ics, window).items)
    const stored = calendars.flatMap(expand).map(({ start, end }) => ({ start, end }))
    // What the page reads from D1: the rows around the month (loadCalendar's span, a day either side).
    const span = {
      from: Date.parse(`${input.range.from}T00:00:00Z`) - 2 * DAY,
      to: Date.parse(`${input.range.to}T00:00:00Z`) + 3 * DAY,
    }
    const busy = stored.filter((b) => b.start < span.to && b.end > span.from)
    const rows = [
      measure('expand one calendar (full sync CPU)', () => expand(calendars[0]).length),
      measure('busy month, no calendars', () => computeSlots(input).length),
      measure('busy month + 3 calendars', () => computeSlots({ ...input, busy: [...input.busy, ...busy] }).length),
    ]
    const notes = [
      `${stored.length} busy occurrences stored for the three calendars over the horizon; ${busy.length} read for the month`,
      `engine with calendars takes ${(rows[2].medianMs / rows[1].medianMs).toFixed(2)}x the time without`,
      'D1 per event page with calendars: 3 statements, 2 round trips (tests/integration/calendars-busy.test.ts)',
    ]
    return { rows, notes }
  },
}

/**
 * With Radicale installed (Debian `radicale`), a real sync: one calendar of 500 events (a third weekly recurring)
 * through the CalDAV provider, first in full, then unchanged (the cron's usual case). Prints the requests and time.
 */
export async function caldavSyncFigures(): Promise<string[]> {
  const { execFileSync } = await import('node:child_process')
  try {
    execFileSync('radicale', ['--version'], { stdio: 'ignore' })
  } catch {
    return ['CalDAV sync: skipped (Radicale is not installed: apt-get install -y radicale)']
  }
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { startRadicale, stop, waitForHttp } = await import('../tests/caldav/processes.ts')
  const { mkcalendar, putObject } = await import('../tests/caldav/dav.ts')
  const { createCalDavProvider } = await import('#app/server/calendars/caldav.server.ts')
  const { parseEnv } = await import('#app/server/env.server.ts')
  const dir = mkdtempSync(join(tmpdir(), 'bench-radicale-'))
  const radicale = await startRadicale(dir, { bench: 'bench-secret' })
  try {
    const url = `http://127.0.0.1:${radicale.port}/`
    await waitForHttp(url, radicale.child, radicale.output)
    const server = { name: 'radicale' as const, url, home: `${url}bench/`, login: 'bench', password: 'bench-secret' }
    const calendar = await mkcalendar(server, { displayName: 'Bench' })
    const from = Date.now()
    for (const [i, ics] of calendarObjects(1, from).entries())
      await putObject(server, `${calendar}${i}.ics`, ics.split('\r\n'))
    let requests = 0
    const counting: typeof fetch = (input, init) => {
      requests++
      return fetch(input, init)
    }
    const env = parseEnv({ ENVIRONMENT: 'development', APP_URL: 'http://localhost:8787' })
    const provider = createCalDavProvider(
      { type: 'CalDav', url, credentials: { kind: 'password', login: 'bench', password: 'bench-secret' } },
      env,
      counting,
    )
    const window: BusyWindow = { from, to: from + BUSY_HORIZON_DAYS * DAY, timeZone: 'Europe/Moscow', ownEmails: [] }
    let started = performance.now()
    const full = await provider.sync(
      { remoteId: calendar },
      { syncToken: null, ctag: null, etags: new Map() },
      window,
      true,
    )
    const fullMs = performance.now() - started
    const fullRequests = requests
    if (full.kind !== 'changes') throw new Error('a full sync found nothing')
    const etags = new Map(full.upserts.map((o) => [o.key, o.etag]))
    requests = 0
    started = performance.now()
    const again = await provider.sync({ remoteId: calendar }, { ...full.cursor, etags }, window, false)
    const unchangedMs = performance.now() - started
    return [
      `CalDAV full sync of 500 events (Radicale): ${fullRequests} requests, ${fullMs.toFixed(0)} ms, ${full.upserts.reduce((n, o) => n + o.items.length, 0)} busy occurrences`,
      `CalDAV sync of the unchanged calendar: ${requests} request(s), ${unchangedMs.toFixed(1)} ms (${again.kind}; target: 1 request)`,
    ]
  } finally {
    await stop(radicale.child)
    rmSync(dir, { recursive: true, force: true })
  }
}
