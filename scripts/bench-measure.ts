/** The bench's row, section and timing loop (scripts/bench.ts runs the sections). */
export interface BenchRow {
  scenario: string
  medianMs: number
  p95Ms: number
  // Size of the result (slots for the availability section).
  slots: number
}

export interface BenchSection {
  title: string
  run(): { rows: BenchRow[]; notes: string[] }
}

const WARM_UP_RUNS = 200
export const TIMED_RUNS = 500

// Times `run` TIMED_RUNS times after WARM_UP_RUNS untimed ones.
export function measure(scenario: string, run: () => number): BenchRow {
  let size = 0
  for (let index = 0; index < WARM_UP_RUNS; index++) size = run()
  const times: number[] = []
  for (let index = 0; index < TIMED_RUNS; index++) {
    const started = performance.now()
    run()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const percentile = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]
  return { scenario, medianMs: percentile(0.5), p95Ms: percentile(0.95), slots: size }
}
