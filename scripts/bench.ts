/**
 * `npm run bench`: timings of the project's hot paths, as a table.
 * `npm run bench -- --json`: the same rows as a JSON array of
 * `{ scenario, medianMs, p95Ms, slots }`.
 * `npm run bench -- --booking [--profile]`: also the public booking figures under `wrangler dev`, served by workerd
 * directly and by the Worker alone
 * (scripts/bench-booking.ts; needs `npm run build` first, starts and stops its own servers).
 *
 * Each section times one area; add another by appending to `sections`.
 * Timings come from performance.now() around single runs, after a warm-up,
 * on inputs parsed beforehand: they measure the computation, not the I/O.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  type AvailabilityInput,
  type ExistingBooking,
  type Interval,
  computeSlots,
  parseScenarioJson,
} from '#app/domain/availability/index.ts'
import { MS_PER_MINUTE } from '#app/domain/time/index.ts'
import { type BenchRow, type BenchSection, TIMED_RUNS, measure } from './bench-measure.ts'
import { caldavSyncFigures, calendarsSection } from './bench-calendars.ts'

export { type BenchRow, type BenchSection, measure } from './bench-measure.ts'

const SCENARIO_DIR = join(import.meta.dirname, '..', 'tests', 'fixtures', 'scenarios')
const SCALE = 10

// The same month with SCALE times the bookings and busy intervals: copy k is
// shifted by k * 7 minutes, so the copies overlap the originals in varied
// ways and the result stays deterministic.
function scaled(input: AvailabilityInput): AvailabilityInput {
  const shift = <T extends Interval>(items: readonly T[]): T[] =>
    Array.from({ length: SCALE }, (_, copy) =>
      items.map((item) => ({
        ...item,
        start: item.start + copy * 7 * MS_PER_MINUTE,
        end: item.end + copy * 7 * MS_PER_MINUTE,
      })),
    ).flat()
  return { ...input, bookings: shift<ExistingBooking>(input.bookings), busy: shift(input.busy) }
}

export const availabilitySection: BenchSection = {
  title: `Availability: computeSlots on tests/fixtures/scenarios/bench-*.json (${TIMED_RUNS} runs)`,
  run() {
    const rows: BenchRow[] = []
    const notes: string[] = []
    const files = readdirSync(SCENARIO_DIR)
      .filter((file) => /^bench-.*\.json$/.test(file))
      .sort()
    for (const file of files) {
      const name = file.replace(/\.json$/, '')
      const { input } = parseScenarioJson(readFileSync(join(SCENARIO_DIR, file), 'utf8'))
      const base = measure(name, () => computeSlots(input).length)
      const big = scaled(input)
      const large = measure(`${name} x${SCALE}`, () => computeSlots(big).length)
      rows.push(base, large)
      notes.push(
        `${name}: ${SCALE}x bookings + busy (${big.bookings.length} + ${big.busy.length}) ` +
          `takes ${(large.medianMs / base.medianMs).toFixed(2)}x the time`,
      )
    }
    return { rows, notes }
  },
}

export const sections: BenchSection[] = [availabilitySection, calendarsSection]

function table(rows: readonly BenchRow[]): string {
  const header = ['scenario', 'median ms', 'p95 ms', 'slots']
  const cells = rows.map((row) => [row.scenario, row.medianMs.toFixed(3), row.p95Ms.toFixed(3), String(row.slots)])
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)))
  const format = (line: string[]) =>
    line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')
  return [format(header), ...cells.map(format)].join('\n')
}

async function main(args: string[]): Promise<void> {
  const json = args.includes('--json')
  const rows: BenchRow[] = []
  for (const section of sections) {
    const result = section.run()
    rows.push(...result.rows)
    if (!json) process.stdout.write(`${section.title}\n${table(result.rows)}\n${result.notes.join('\n')}\n\n`)
  }
  if (json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`)
  else process.stdout.write(`${(await caldavSyncFigures()).join('\n')}\n\n`)
  if (args.includes('--booking')) {
    const { bookingBench } = await import('./bench-booking.ts')
    process.stdout.write(
      `Public booking\n${(await bookingBench({ profile: args.includes('--profile') })).join('\n')}\n`,
    )
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await main(process.argv.slice(2))
